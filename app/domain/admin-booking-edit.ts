import { parseDollars } from "./money";
import { z } from "zod/mini";
import type { $ZodError, $ZodType } from "zod/v4/core";
import { COUNTER_LABELS, FLAT_ADDON_LABELS, PROPERTY_SIZE_LABELS, TEAM_LABELS, formatMoveDate, formatTimeSlot, serviceTypeLabel } from "./booking-labels";
import { priceChangeText, type Repricing } from "./booking-repricing";
import type { CapacityRefusal } from "./capacity";
import { BOOKING_MESSAGES, addonsSchema, contactSchema, detailsSchema, serviceSchema, teamSchema } from "./booking-schemas";
import { PROPERTY_SIZES, TIME_SLOTS, type PropertySize, type TeamType } from "./pricing";
import { formatCents } from "./money";
import { refuse } from "./schema-refusal";

// What staff may change on a booking (the customer's contact details, date, time, addresses, size of
// the home, team, service, add-ons, instructions and final cost), checked with the wizard's own rules,
// shared by the edit form in the browser and its action on the server.

/** The submit that shows the new price of what was typed, without JavaScript: nothing checked or saved. */
export const SHOW_PRICE_INTENT = "show-price";

/**
 * The estimate (cents) the form showed when it was sent: a new price is saved only once it was seen,
 * so a save whose price differs from the one shown comes back showing it.
 */
export const SHOWN_ESTIMATE_FIELD = "shownEstimate";

export const BOOKING_EDIT_MESSAGES = {
  priceNotSeen: "The price changes: check the new estimate below, then save again.",
  finalCostInvalid: "Enter an amount in dollars, like 1250 or 1250.50",
  finalCostTooLarge: "Final cost can be at most $1,000,000",
  saved: "Booking updated",
  unchanged: "Nothing to save",
  unchangedDescription: "The booking already had these details.",
  saveFailed: "The booking could not be saved. Please try again.",
  startTooSoon: "The company's notice does not let a move start then.",
  startPastClosing: "The move would run past closing from that time.",
  overCapacityHint:
    "To save it anyway, tick 'Book it anyway' and save again: a crew must be found, and the booking's history will say it was booked over capacity.",
  bookAnywayHint:
    "Lets you choose a day or time the calendar marks full or closed, and saves it over the free-time check. The booking's history records who overrode it.",
  bookAnywayWithoutScripts: "Tick it, then press 'Show free times for this date' to choose one.",
} as const;

/** Why the free-time check refused an edit (no crew free, the day closed, a start the rules do not allow), as the edit form says it. */
export function overCapacityMessage(refusal: CapacityRefusal): string {
  switch (refusal.kind) {
    case "day-closed":
      return `The day is closed${refusal.reason ? ` (${refusal.reason})` : ""}: no crew works then.`;
    case "out-of-hours":
      return refusal.why === "too-soon" ? BOOKING_EDIT_MESSAGES.startTooSoon : BOOKING_EDIT_MESSAGES.startPastClosing;
    default:
      return `${refusal.message || "No crew is free then"}.`;
  }
}

/** The largest final cost staff may enter, in cents. */
export const MAX_FINAL_COST_CENTS = 100_000_000;

/** What the booking holds now: a date or time it keeps is accepted even where the wizard would refuse it. */
export interface CurrentSchedule {
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, or null when the booking has no time. */
  time: string | null;
}

/** What the booking holds now that it may keep though the wizard would refuse it today. */
export interface KeptDetails extends CurrentSchedule {
  email: string;
  phone: string;
  /** Null for a booking saved before sizes were asked. */
  propertySize: PropertySize | null;
}

/** The time slots the form offers: the wizard's, and the booking's own time when it is none of them. */
export function timeOptions(current: CurrentSchedule): Array<{ value: string; label: string }> {
  const slots: string[] = [...TIME_SLOTS];
  if (current.time !== null && !slots.includes(current.time)) slots.push(current.time);
  return slots.sort().map((slot) => ({ value: slot, label: formatTimeSlot(slot) }));
}

/** The first of a check's messages: one message a field (a malformed value says so, not also that it is out of range). */
const firstMessage = (error: $ZodError) => error.issues[0]!.message;

/**
 * A text field that may keep the value the booking holds (`kept`) even where `rule` would refuse it
 * now; any other value must pass `rule`. Empty is `required`.
 */
function keptOr(kept: string, rule: $ZodType<string, string>, required: string) {
  return z.pipe(
    z.string({ error: required }),
    z.transform((value: string, context) => {
      if (value.trim() === kept) return kept;
      const checked = z.safeParse(rule, value);
      return checked.success ? checked.data : refuse(context, firstMessage(checked.error));
    }),
  );
}

/**
 * The edit form's schema: every field with the wizard's rules and messages, judged against `today`
 * (the company's date). A booking may keep what it has where the wizard would refuse it now (a date now
 * past, a time outside today's slots, an email or phone written before the rules, no home size):
 * staff correct the final cost of a move that took place.
 */
export function bookingEditSchema(today: string, current: KeptDetails) {
  const details = detailsSchema(today).shape;
  const contact = contactSchema().shape;
  const addons = addonsSchema().shape;
  return z.object({
    fullName: contact.fullName,
    email: keptOr(current.email, contact.email, BOOKING_MESSAGES.emailRequired),
    phone: keptOr(current.phone, contact.phone, BOOKING_MESSAGES.phoneRequired),
    date: z.string({ error: BOOKING_MESSAGES.dateRequired }).check(
      z.superRefine((value, context) => {
        if (value === current.date) return;
        const checked = details.date.safeParse(value);
        if (!checked.success) context.addIssue({ code: "custom", message: firstMessage(checked.error) });
      }),
    ),
    time: z.optional(z.string()).check(
      z.superRefine((value, context) => {
        if (value === undefined || value === current.time) return;
        const checked = details.time.safeParse(value);
        if (!checked.success) context.addIssue({ code: "custom", message: firstMessage(checked.error) });
      }),
    ),
    fromAddress: details.fromAddress,
    toAddress: details.toAddress,
    propertySize: z.pipe(
      z.optional(z.enum(PROPERTY_SIZES, { error: BOOKING_MESSAGES.sizeRequired })),
      z.transform((value: PropertySize | undefined, context) => {
        if (value !== undefined) return value;
        return current.propertySize === null ? null : refuse(context, BOOKING_MESSAGES.sizeRequired);
      }),
    ),
    teamType: teamSchema().shape.teamType,
    serviceType: serviceSchema().shape.serviceType,
    packingService: addons.packingService,
    storageService: addons.storageService,
    cleaningService: addons.cleaningService,
    extraMovers: addons.extraMovers,
    tvMounting: addons.tvMounting,
    deepCleaningBedrooms: addons.deepCleaningBedrooms,
    specialInstructions: addons.specialInstructions,
    finalCost: z.pipe(
      z.optional(z.string().check(z.trim())),
      z.transform((value: string | undefined, context) => {
        if (value === undefined || value === "") return null;
        const cents = parseDollars(value);
        if (cents === null) return refuse(context, BOOKING_EDIT_MESSAGES.finalCostInvalid);
        if (cents > MAX_FINAL_COST_CENTS) return refuse(context, BOOKING_EDIT_MESSAGES.finalCostTooLarge);
        return cents;
      }),
    ),
  });
}

export type BookingEdit = z.infer<ReturnType<typeof bookingEditSchema>>;

/** The fields the edit history names, as staff read them (every field the database may record: a test compares them). */
export const BOOKING_EDIT_FIELD_LABELS: Record<string, string> = {
  full_name: "Customer name",
  email: "Email",
  phone: "Phone",
  moving_date: "Move date",
  moving_time: "Time",
  moving_from: "Moving from",
  moving_to: "Moving to",
  property_size: "Property size",
  team_type: "Team",
  service_type: "Service",
  packing_service: FLAT_ADDON_LABELS.packingService,
  storage_service: FLAT_ADDON_LABELS.storageService,
  cleaning_service: FLAT_ADDON_LABELS.cleaningService,
  extra_movers: COUNTER_LABELS.extraMovers,
  tv_mounting: COUNTER_LABELS.tvMounting,
  deep_cleaning_bedrooms: COUNTER_LABELS.deepCleaningBedrooms,
  special_instructions: "Special instructions",
  final_cost_cents: "Final cost",
  estimated_hours: "Estimated hours",
  estimated_cost_cents: "Estimate",
  over_capacity: "Booked over capacity",
};

/** The estimate's own fields: said with the new price, not listed among the changes made. */
const ESTIMATE_FIELDS = new Set(["estimated_hours", "estimated_cost_cents"]);

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * What the toast says a save changed: the fields, in the form's order, and the new price when it was
 * priced again ("Changed: Property size and Extra movers. New estimate $1,404, +$234 from $1,170.").
 */
export function savedDescription(changed: readonly string[], price: Repricing | null): string {
  const named = changed.filter((field) => !ESTIMATE_FIELDS.has(field)).map((field) => BOOKING_EDIT_FIELD_LABELS[field] ?? field);
  const sentences = [named.length > 0 ? `Changed: ${listed(named)}.` : null, price ? `${priceChangeText(price)}.` : null];
  return sentences.filter((sentence) => sentence !== null).join(" ");
}

/** How often the customer moved the booking online, of the times the company allows: "Moved online 1 of 2 times". */
export function movedOnlineLabel({ times, limit }: { times: number; limit: number }): string {
  return `Moved online ${times} of ${limit} ${limit === 1 ? "time" : "times"}`;
}

const BOOLEAN_FIELDS = new Set(["packing_service", "storage_service", "cleaning_service"]);

/** A value kept in the edit history, shown as the page shows that field ("—" for none). */
export function bookingEditValueLabel(field: string, value: string | null): string {
  if (value === null || value === "") return "—";
  if (field === "moving_date") return formatMoveDate(value);
  if (field === "moving_time") return formatTimeSlot(value.slice(0, 5));
  if ((field === "final_cost_cents" || field === "estimated_cost_cents") && /^\d+$/.test(value)) return formatCents(Number(value));
  if (field === "team_type") return TEAM_LABELS[value as TeamType] ?? value;
  if (field === "service_type") return serviceTypeLabel(value);
  if (field === "property_size") return PROPERTY_SIZE_LABELS[value as PropertySize] ?? value;
  if (BOOLEAN_FIELDS.has(field)) return value === "true" ? "Yes" : value === "false" ? "No" : value;
  return value;
}
