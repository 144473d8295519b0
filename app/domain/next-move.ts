import { cancellationDeadline, type CustomerChangeRules } from "./booking-cancellation";
import { moveTimeText } from "./booking-messages";
import { formatCents } from "./money";
import { DEPOSIT_CENTS } from "./pricing";

// What a customer's dashboard says of their next move once it is booked: when the crew comes, what
// happens next, what to prepare, and until when they can change or cancel it online.

/** What a customer can do before the crew comes so the move goes quickly (the day-before email says the same). */
export const MOVE_PREPARATION = [
  "Reserve parking close to both doors, and book the elevator if your building has one.",
  "Finish packing and label each box with the room it goes to.",
  "Keep valuables, medicines, documents and chargers with you, not in the truck.",
  "Empty, defrost and dry the fridge and freezer.",
  "Clear a path from the door and keep pets and children in a quiet room.",
  "Make sure someone is at both addresses to let the crew in, and keep your phone on.",
] as const;

export interface NextMoveRow {
  id: string;
  status: string;
  deposit_status: string;
  moving_date: string;
  moving_time: string | null;
  estimated_hours: number | null;
  moving_from: string;
  moving_to: string;
}

export interface NextMoveView {
  bookingId: string;
  /** "Friday, January 15, 2027, 10:00 AM – 4:00 PM EST": the crew's arrival and the move's expected end. */
  when: string;
  /** "12 Oak St → 98 Pine Ave": which move it is. */
  route: string;
  /** What happens next, by where the booking stands. */
  nextStep: string;
  /** Until when it can be changed or cancelled online, or that it no longer can. */
  changes: { online: true; until: string } | { online: false };
}

/** The move's estimated length when none was saved: the shortest booking (two hours). */
const FALLBACK_HOURS = 2;

/** The next-step sentence for a booking that is still ahead. */
function nextStepOf(row: Pick<NextMoveRow, "status" | "deposit_status">): string {
  if (row.status === "in_progress") return "Your move is under way.";
  if (row.status === "confirmed") return "Your crew is booked. We email you a reminder the day before, with the crew's arrival time.";
  if (row.deposit_status !== "paid") return `Pay the ${formatCents(DEPOSIT_CENTS)} deposit to reserve your crew.`;
  return "Your deposit is paid. The office confirms your crew and emails you when it does.";
}

/**
 * The customer's next move among `rows` (ordered next move first): the first one still ahead, booked
 * and not cancelled or done; null when there is none.
 */
export function nextMoveView(
  rows: readonly NextMoveRow[],
  now: Date,
  company: { timeZone: string; changeRules: CustomerChangeRules; today: string },
): NextMoveView | null {
  const row = rows.find((candidate) => ["pending", "confirmed", "in_progress"].includes(candidate.status) && candidate.moving_date >= company.today);
  if (!row) return null;
  const time = moveTimeText({ movingDate: row.moving_date, movingTime: row.moving_time, estimatedHours: row.estimated_hours ?? FALLBACK_HOURS }, company);
  const deadline = cancellationDeadline(row.moving_date, row.moving_time, company.timeZone, company.changeRules.noticeHours);
  return {
    bookingId: row.id,
    when: `${time.date}, ${time.window}`,
    route: `${row.moving_from} → ${row.moving_to}`,
    nextStep: nextStepOf(row),
    changes: row.status !== "in_progress" && now < deadline ? { online: true, until: time.lastOnlineChange } : { online: false },
  };
}
