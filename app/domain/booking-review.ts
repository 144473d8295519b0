import { formatCompanyDateTime } from "./booking";
import {
  CANCELLATION_MESSAGES,
  onlineChangesInWords,
  DEFAULT_MOVE_TIME,
  cancellationDeadline,
  depositOnCancellation,
  noticeInWords,
  type CustomerChangeRules,
} from "./booking-cancellation";
import {
  COUNTER_LABELS,
  FLAT_ADDON_LABELS,
  PROPERTY_SIZE_LABELS,
  SERVICE_TYPE_LABELS,
  TEAM_LABELS,
  formatMoveDateTime,
  formatTimeSlot,
  type FlatAddon,
} from "./booking-labels";
import { STEP_TITLES, estimateFromDraft, type AnswerStep, type BookingDraft } from "./booking-wizard";
import { formatCents } from "./money";
import { COUNTER_LIMITS, hourlyRateCents, type AddonCounter, type Estimate } from "./pricing";

// The wizard's answers in words: grouped by step on the review, and in brief beside every step.

export interface AnswerLine {
  label: string;
  value: string;
}

/** One step's answers on the review, with the step its Edit link opens. */
export interface ReviewSection {
  step: AnswerStep;
  title: string;
  lines: AnswerLine[];
}

/** What the review shows for an answer it lacks (the review is only reached complete, so rarely). */
const NOT_GIVEN = "Not given";

const FLAT_ADDONS = Object.keys(FLAT_ADDON_LABELS) as FlatAddon[];
const COUNTERS = Object.keys(COUNTER_LIMITS) as AddonCounter[];

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The names of the one-price add-ons ticked, in the order the step offers them. */
const flatAddonsChosen = (draft: BookingDraft) => FLAT_ADDONS.filter((addon) => draft[addon]).map((addon) => FLAT_ADDON_LABELS[addon]);

/** The counted add-ons above zero, in the order the step offers them. */
const countersChosen = (draft: BookingDraft) => COUNTERS.filter((counter) => (draft[counter] ?? 0) > 0);

/** "Packing service", "Extra movers × 2": every add-on chosen, in the order the step offers them. */
export function chosenAddons(draft: BookingDraft): string[] {
  return [...flatAddonsChosen(draft), ...countersChosen(draft).map((counter) => `${COUNTER_LABELS[counter]} × ${draft[counter]}`)];
}

/** Every answer of the draft, grouped by the step that asked for it. */
export function reviewSections(draft: BookingDraft): ReviewSection[] {
  const flat = flatAddonsChosen(draft);
  const photoCount = draft.photos?.length ?? 0;
  const addons: AnswerLine[] = [
    { label: "Services", value: flat.length > 0 ? flat.join(", ") : "None" },
    ...countersChosen(draft).map((counter) => ({ label: COUNTER_LABELS[counter], value: String(draft[counter]) })),
    ...(draft.specialInstructions ? [{ label: "Special instructions", value: draft.specialInstructions }] : []),
    ...(photoCount > 0 ? [{ label: "Photos", value: plural(photoCount, "photo") }] : []),
  ];
  const section = (step: AnswerStep, lines: AnswerLine[]): ReviewSection => ({ step, title: STEP_TITLES[step], lines });
  return [
    section("contact", [
      { label: "Name", value: draft.fullName ?? NOT_GIVEN },
      { label: "Email", value: draft.email ?? NOT_GIVEN },
      { label: "Phone", value: draft.phone ?? NOT_GIVEN },
    ]),
    section("details", [
      { label: "Date and time", value: draft.date ? formatMoveDateTime(draft.date, draft.time) : NOT_GIVEN },
      { label: "From", value: draft.fromAddress ?? NOT_GIVEN },
      { label: "To", value: draft.toAddress ?? NOT_GIVEN },
      { label: "Property size", value: draft.propertySize ? PROPERTY_SIZE_LABELS[draft.propertySize] : NOT_GIVEN },
    ]),
    section("team", [{ label: "Team", value: draft.teamType ? TEAM_LABELS[draft.teamType] : NOT_GIVEN }]),
    section("service", [{ label: "Service", value: draft.serviceType ? SERVICE_TYPE_LABELS[draft.serviceType] : NOT_GIVEN }]),
    section("addons", addons),
  ];
}

/** One line of the summary beside the steps; `value` is null until the customer has answered it. */
export interface SummaryLine {
  label: string;
  value: string | null;
}

/** The move in brief, as far as the customer has got: when, where, who, what and which extras. */
export function moveSummary(draft: BookingDraft): SummaryLine[] {
  const addons = chosenAddons(draft);
  return [
    { label: "Date and time", value: draft.date ? formatMoveDateTime(draft.date, draft.time) : null },
    { label: "From", value: draft.fromAddress ?? null },
    { label: "To", value: draft.toAddress ?? null },
    { label: "Team", value: draft.teamType ? TEAM_LABELS[draft.teamType] : null },
    { label: "Service", value: draft.serviceType ? SERVICE_TYPE_LABELS[draft.serviceType] : null },
    { label: "Add-ons", value: addons.length > 0 ? addons.join(", ") : null },
  ];
}

/**
 * The estimate the summary can stand behind: once the team, the service and the size of the home are
 * known (before that the hours or the rate would be guessed, and the rate is told in words instead).
 */
export function runningEstimate(draft: BookingDraft): Estimate | null {
  return draft.propertySize ? estimateFromDraft(draft) : null;
}

/**
 * The price in a few words, for the bar under a step on small screens: the estimate once it can be
 * stood behind, else the hourly rate, the lowest the choices so far allow ("From": elite and local are
 * the cheapest team and service).
 */
export function priceInBrief(draft: BookingDraft): AnswerLine {
  const estimate = runningEstimate(draft);
  if (estimate) return { label: "Estimate", value: formatCents(estimate.totalCents) };
  const rate = formatCents(hourlyRateCents(draft.teamType ?? "elite", draft.serviceType ?? "local"));
  return { label: draft.teamType && draft.serviceType ? "Hourly rate" : "From", value: `${rate}/hr` };
}

/**
 * The cancellation terms in plain words, for the move's date and slot at `now`, by the company's rules:
 * until when the booking may be cancelled online (from the dashboard, or from the link in
 * the booking's emails), and what becomes of the deposit.
 */
export function cancellationTerms(
  move: { date: string; time?: string | null },
  now: Date,
  signedIn: boolean,
  { timeZone, rules }: { timeZone: string; rules: CustomerChangeRules },
): string[] {
  const deposit = depositOnCancellation(rules);
  let deadline: Date;
  try {
    deadline = cancellationDeadline(move.date, move.time ?? null, timeZone, rules.noticeHours);
  } catch {
    return [deposit];
  }
  const notice = `${noticeInWords(rules.noticeHours)}${move.time ? "" : ` (which starts at ${formatTimeSlot(DEFAULT_MOVE_TIME)} when no start time is chosen)`}`;
  if (now.getTime() > deadline.getTime()) {
    return [`${CANCELLATION_MESSAGES.tooLate(rules.noticeHours)} Call us to change or cancel it.`, deposit];
  }
  const until = formatCompanyDateTime(deadline, timeZone);
  const where = signedIn ? "from your dashboard" : "from the link in your confirmation email";
  return [`You can ${onlineChangesInWords(rules)} online ${where} until ${until}, ${notice}. Closer to the move, call us to change or cancel it.`, deposit];
}
