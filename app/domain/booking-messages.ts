// The messages the company sends about bookings: each kind and the facts it states, as plain values an
// outbox row keeps (kind + facts as JSON, written by the database from the booking row) and a template
// renders later. Times are the move's wall-clock date and time; they are read on the company's clock
// when the message is rendered. The one link a message carries is not a fact: it is signed when the
// message is sent.

import { cancellationDeadline, moveStartsAt, type CustomerChangeRules } from "./booking-cancellation";
import { TEAM_LABELS, formatMoveDate } from "./booking-labels";
import { formatDateTimeIn, formatZonedTimeIn } from "./company-time";
import { formatCents } from "./money";

/** What every message about one booking states. */
export interface BookingMessageFacts {
  bookingId: string;
  /** The first 8 characters of the id: how customers and staff name a booking. */
  shortId: string;
  customerName: string;
  /** YYYY-MM-DD on the company's clock. */
  movingDate: string;
  /** HH:MM on the company's clock, or null: no preferred time, the day's first slot. */
  movingTime: string | null;
  estimatedHours: number;
  fromAddress: string;
  toAddress: string;
  /** "elite" or "luxury": the team that comes. */
  teamType: string;
  /** Movers added to the team. */
  extraMovers: number;
  /** Null when the booking has no estimate. */
  estimatedCostCents: number | null;
  depositCents: number;
  /** A deposit owed back when the message was written (a refund on its way); absent in messages queued before it was said. */
  depositRefundDue?: boolean;
}

/** A move as it was before the office or the customer changed its date or time. */
export interface PreviousMoveTime {
  movingDate: string;
  movingTime: string | null;
  estimatedHours: number;
}

/** One of tomorrow's moves, as the office's daily list shows it. */
export interface TomorrowMove {
  shortId: string;
  customerName: string;
  customerPhone: string;
  movingTime: string | null;
  estimatedHours: number;
  fromAddress: string;
  toAddress: string;
  teamType: string;
  extraMovers: number;
}

/** A move's bill as its email states it, in cents. */
export interface BillMessageFacts {
  lines: ReadonlyArray<{ label: string; amountCents: number }>;
  subtotalCents: number;
  discountCents: number;
  discountReason: string | null;
  totalCents: number;
  depositPaidCents: number;
  balanceCents: number;
  acceptedEstimateCents: number;
  marginPercent: number;
  /** More than the margin above the accepted estimate: the customer approves it before it is charged in full. */
  needsApproval: boolean;
}

/** One payment of a bill's balance, as its receipt states it, in cents. */
export interface BalancePaymentFacts {
  paymentId: string;
  balanceCents: number;
  /** The crew's: not part of the bill. */
  tipCents: number;
  /** ISO 8601. */
  paidAt: string;
  /** What is left of the bill after this payment. */
  balanceDueCents: number;
}

/** A charge of the balance to the card saved with the deposit, refused by the customer's bank. */
export interface BalanceChargeFailedFacts {
  paymentId: string;
  amountCents: number;
  /** The bank wants the customer to confirm the payment themselves (not a decline). */
  needsAuthentication: boolean;
  /** What is left of the bill: the customer pays it with their link. */
  balanceDueCents: number;
}

/** Each kind of message and its facts. */
export interface MessageFactsByKind {
  /** To the customer: the deposit is paid, the booking waits for the office. */
  booking_received: BookingMessageFacts;
  /** To the customer: the office (or auto-confirm) confirmed it. */
  booking_confirmed: BookingMessageFacts;
  /** To the customer, 48 hours before: the last moment to change or cancel online. */
  reminder_48h: BookingMessageFacts;
  /** To the customer, the day before at the set hour: what to expect and to prepare. */
  reminder_day_before: BookingMessageFacts;
  /** To the customer: the date or time changed. */
  /** `changedBy`: absent in messages queued before it was said (the office then). */
  booking_rescheduled: BookingMessageFacts & { previous: PreviousMoveTime; changedBy?: "customer" | "office" };
  /** To the customer: cancelled by them or by the office, and what becomes of the deposit. */
  booking_cancelled: BookingMessageFacts & { cancelledBy: "customer" | "office"; depositRefunded: boolean };
  /** To the customer: money returned. */
  booking_refunded: BookingMessageFacts & { refundCents: number };
  /** To the customer: the office closed the move's day; pick another (through the manage link). */
  day_closed_moved: BookingMessageFacts;
  /** To the customer: the move is done, and this is its bill (and what is left to pay). */
  bill_ready: BookingMessageFacts & { bill: BillMessageFacts };
  /** To the customer: the receipt of a payment of their bill's balance, with its tip. */
  balance_paid: BookingMessageFacts & BalancePaymentFacts;
  /** To the customer: the charge to their saved card did not go through; they pay with their link. */
  balance_charge_failed: BookingMessageFacts & BalanceChargeFailedFacts;
  /** To the office: a new booking whose deposit is paid. */
  office_new_booking: BookingMessageFacts & { customerEmail: string; customerPhone: string };
  /** To the office: a customer cancelled. */
  office_customer_cancelled: BookingMessageFacts & { customerEmail: string; customerPhone: string };
  /** To the office: tomorrow's moves, at a set hour. */
  office_tomorrow_list: { date: string; moves: TomorrowMove[] };
}

export type MessageKind = keyof MessageFactsByKind;

// Written as a record so that a kind added to the facts above must be added here too.
const KINDS: Record<MessageKind, true> = {
  booking_received: true,
  booking_confirmed: true,
  reminder_48h: true,
  reminder_day_before: true,
  booking_rescheduled: true,
  booking_cancelled: true,
  booking_refunded: true,
  day_closed_moved: true,
  bill_ready: true,
  balance_paid: true,
  balance_charge_failed: true,
  office_new_booking: true,
  office_customer_cancelled: true,
  office_tomorrow_list: true,
};

/** Every kind of message: the outbox accepts exactly these. */
export const MESSAGE_KINDS = Object.keys(KINDS) as MessageKind[];

/** The kinds sent to the office, not to a customer. */
export const isOfficeMessage = (kind: MessageKind) => kind.startsWith("office_");

/**
 * Who comes: the team, and the movers added to it ("Elite Team + 2 extra movers"). A team type the
 * app does not know is named as stored.
 */
export function crewText({ teamType, extraMovers }: { teamType: string; extraMovers: number }): string {
  const team = (TEAM_LABELS as Record<string, string>)[teamType] ?? teamType;
  if (extraMovers <= 0) return team;
  return `${team} + ${extraMovers === 1 ? "1 extra mover" : `${extraMovers} extra movers`}`;
}

/** The company as its messages name it. */
export interface MessageCompany {
  name: string;
  phone: string;
  timeZone: string;
  /** What the customer may change or cancel online, and what a cancellation refunds. */
  changeRules: CustomerChangeRules;
}

/** When a move starts and ends, as messages write it on the company's clock. */
export interface MoveTimeText {
  /** "Sunday, March 14, 2027": the move's date as the company names it. */
  date: string;
  /** "9:00 AM EDT" */
  start: string;
  /** "9:00 AM – 1:00 PM EDT" */
  window: string;
  /** "Sunday, March 14, 2027, 9:00 AM EDT" */
  dateAndStart: string;
  /** The last moment to change or cancel online: "Mar 12, 2027, 8:00 AM EST". */
  lastOnlineChange: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** A move's date, start and time window on `timeZone`'s clock, with the zone's short name. */
export function moveTimeText(
  move: { movingDate: string; movingTime: string | null; estimatedHours: number },
  { timeZone, changeRules }: Pick<MessageCompany, "timeZone" | "changeRules">,
): MoveTimeText {
  const startsAt = moveStartsAt(move.movingDate, move.movingTime, timeZone);
  const endsAt = new Date(startsAt.getTime() + move.estimatedHours * HOUR_MS);
  const date = formatMoveDate(move.movingDate);
  const start = formatZonedTimeIn(startsAt, timeZone);
  const end = formatZonedTimeIn(endsAt, timeZone);
  const [startTime] = start.split(/ (?=\S+$)/);
  const sameZone = start.split(" ").at(-1) === end.split(" ").at(-1);
  const window = `${sameZone ? startTime : start} – ${end}`;
  const lastOnlineChange = formatDateTimeIn(cancellationDeadline(move.movingDate, move.movingTime, timeZone, changeRules.noticeHours), timeZone);
  return { date, start, window, dateAndStart: `${date}, ${start}`, lastOnlineChange };
}

/** Each message's subject: it names the company and the move's date. */
export function messageSubject<K extends MessageKind>(kind: K, facts: MessageFactsByKind[K], company: MessageCompany): string {
  return `${company.name}: ${SUBJECTS[kind](facts)}`;
}

const SUBJECTS: { [K in MessageKind]: (facts: MessageFactsByKind[K]) => string } = {
  booking_received: (facts) => `booking received for ${formatMoveDate(facts.movingDate)}`,
  booking_confirmed: (facts) => `your move on ${formatMoveDate(facts.movingDate)} is confirmed`,
  reminder_48h: (facts) => `last chance to change or cancel your move on ${formatMoveDate(facts.movingDate)} online`,
  reminder_day_before: (facts) => `see you tomorrow, ${formatMoveDate(facts.movingDate)}`,
  booking_rescheduled: (facts) => `your move is now on ${formatMoveDate(facts.movingDate)}`,
  booking_cancelled: (facts) => `your move on ${formatMoveDate(facts.movingDate)} is cancelled`,
  booking_refunded: (facts) => `${formatCents(facts.refundCents)} refunded for your move on ${formatMoveDate(facts.movingDate)}`,
  day_closed_moved: (facts) => `we are closed on ${formatMoveDate(facts.movingDate)}: please pick another day`,
  bill_ready: (facts) => `the bill for your move on ${formatMoveDate(facts.movingDate)}`,
  balance_paid: (facts) => `receipt for ${formatCents(facts.balanceCents + facts.tipCents)} paid for your move on ${formatMoveDate(facts.movingDate)}`,
  balance_charge_failed: (facts) => `please pay the ${formatCents(facts.balanceDueCents)} left for your move on ${formatMoveDate(facts.movingDate)}`,
  office_new_booking: (facts) => `new paid booking #${facts.shortId} for ${formatMoveDate(facts.movingDate)}`,
  office_customer_cancelled: (facts) => `#${facts.shortId} for ${formatMoveDate(facts.movingDate)} cancelled by the customer`,
  office_tomorrow_list: (facts) => `${facts.moves.length === 1 ? "1 move" : `${facts.moves.length} moves`} tomorrow, ${formatMoveDate(facts.date)}`,
};
