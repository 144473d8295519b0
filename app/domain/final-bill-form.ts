// The office's form that completes a move with its bill, in the browser and on the server: what it
// asks, its messages, and the schema that reads it into the bill the domain prices.
import { z } from "zod/mini";
import {
  BILL_MESSAGES,
  DISCOUNT_REASON_MAX_LENGTH,
  TIME_OF_DAY,
  finalBill,
  type BillProblem,
  type FinalBill,
  type MoveOutcome,
  type WorkedTime,
} from "./final-bill";
import { flatAddonFields } from "./booking-schemas";
import { dollarsField } from "./dollars-field";
import { COUNTER_LIMITS, type ServiceType, type TeamType } from "./pricing";
import { refuse } from "./schema-refusal";

export const BILL_FORM_MESSAGES = {
  workNeeded: "Enter the crew's start and end, or the total time worked.",
  hoursRange: "Enter whole hours from 0 to 24.",
  minutesRange: "Enter minutes from 0 to 59.",
  discountFormat: "Enter the discount in dollars and cents, like 25 or 25.50.",
  counterRange: (max: number) => `Enter a whole number from 0 to ${max}.`,
  crew: "Choose one of the crews.",
} as const;

/** What the bill page says of a move it cannot bill, and of one it completed. */
export const FINAL_BILL_PAGE_MESSAGES = {
  completed: "Move completed",
  completedDescription: (total: string) => `The bill of ${total} is kept with the booking.`,
  cancelled: "This move was cancelled: it has no bill.",
  unpaid: "The deposit of this move is not paid: it cannot be billed yet.",
  alreadyBilled: "This move has its bill already.",
  noSuchCrew: "That crew no longer exists: choose another.",
  unknownPrices: "This move's crew or service has no price: edit the booking first.",
} as const;

/** The form's fields that a bill's problem is shown beside. */
const PROBLEM_FIELDS: Record<BillProblem, string> = {
  badTime: "startedAt",
  endBeforeStart: "endedAt",
  noWork: "startedAt",
  tooLong: "totalHours",
  badDiscount: "discount",
  discountOverBill: "discount",
  discountNeedsReason: "discountReason",
  reasonTooLong: "discountReason",
  badAddons: "extraMovers",
};

const wholeNumber = (max: number, message: string) =>
  z.pipe(
    z.optional(z.int({ error: message }).check(z.gte(0, message), z.lte(max, message))),
    z.transform((value: number | undefined) => value ?? 0),
  );

const counter = (name: keyof typeof COUNTER_LIMITS) => wholeNumber(COUNTER_LIMITS[name].max, BILL_FORM_MESSAGES.counterRange(COUNTER_LIMITS[name].max));

/** A form's reading: what happened on the move, which crew did it (its schedule row, if recorded), and the bill it comes to. */
export interface BilledOutcome {
  outcome: MoveOutcome;
  crewNumber: number | null;
  bill: FinalBill;
}

/**
 * The form for a move of `move`'s crew and service: the crew's start and end (or a total in hours and
 * minutes), the add-ons provided, a discount in dollars with its reason. It reads into the bill the
 * domain prices (the deposit left to the caller), each problem beside its field.
 */
export function billFormSchema(move: { teamType: TeamType; serviceType: ServiceType }) {
  const timeOfDay = z.optional(z.string().check(z.trim(), z.regex(TIME_OF_DAY, BILL_MESSAGES.badTime)));
  const fields = z.object({
    startedAt: timeOfDay,
    endedAt: timeOfDay,
    totalHours: wholeNumber(24, BILL_FORM_MESSAGES.hoursRange),
    totalMinutes: wholeNumber(59, BILL_FORM_MESSAGES.minutesRange),
    ...flatAddonFields(),
    extraMovers: counter("extraMovers"),
    tvMounting: counter("tvMounting"),
    deepCleaningBedrooms: counter("deepCleaningBedrooms"),
    discount: dollarsField(BILL_FORM_MESSAGES.discountFormat),
    discountReason: z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(DISCOUNT_REASON_MAX_LENGTH, BILL_MESSAGES.reasonTooLong))),
      z.transform((value: string | undefined) => value ?? ""),
    ),
    crew: z.optional(z.int({ error: BILL_FORM_MESSAGES.crew }).check(z.gte(1, BILL_FORM_MESSAGES.crew), z.lte(50, BILL_FORM_MESSAGES.crew))),
  });
  return z.pipe(
    fields,
    z.transform((form: z.output<typeof fields>, context): BilledOutcome => {
      // Both times, else the total (a start left from the booking alone does not count), else what is missing.
      const total = form.totalHours * 60 + form.totalMinutes;
      let worked: WorkedTime;
      if (form.startedAt !== undefined && form.endedAt !== undefined) {
        worked = { kind: "span", startedAt: form.startedAt, endedAt: form.endedAt };
      } else if (total > 0) {
        worked = { kind: "total", minutes: total };
      } else {
        return refuse(context, BILL_FORM_MESSAGES.workNeeded, [form.startedAt === undefined ? "startedAt" : "endedAt"]);
      }
      const outcome: MoveOutcome = {
        ...move,
        worked,
        packingService: form.packingService,
        storageService: form.storageService,
        cleaningService: form.cleaningService,
        extraMovers: form.extraMovers,
        tvMounting: form.tvMounting,
        deepCleaningBedrooms: form.deepCleaningBedrooms,
        discountCents: form.discount,
        discountReason: form.discountReason,
      };
      const priced = finalBill({ ...outcome, depositPaidCents: 0 });
      if (!priced.ok) {
        const path = priced.problem === "tooLong" && worked.kind === "span" ? "endedAt" : PROBLEM_FIELDS[priced.problem];
        return refuse(context, BILL_MESSAGES[priced.problem], [path]);
      }
      return { outcome, crewNumber: form.crew ?? null, bill: priced.bill };
    }),
  );
}
