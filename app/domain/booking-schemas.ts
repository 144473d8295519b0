import { z } from "zod/mini";
import { builtForKey, builtOnce } from "./built-once";
import { calendarDateSchema } from "./calendar-date";
import { addDays, wallClockAt } from "./company-time";
import { COUNTER_LIMITS, PROPERTY_SIZES, SERVICE_TYPES, TEAM_TYPES, TIME_SLOTS } from "./pricing";
import { noControlCharactersButNewlines } from "./text";
import { TEXT_FIELD_MESSAGES, emailField, requiredText } from "./text-fields";

// One schema per wizard step, shared by the browser (instant messages) and the server (the authority).

export const BOOKING_MESSAGES = {
  fullNameRequired: "Full name is required",
  emailRequired: "Email address is required",
  emailInvalid: "Valid email address is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Enter a phone number with 10 digits, e.g. (404) 555-0182",
  dateRequired: "Move date is required",
  dateInPast: "Move date can't be in the past",
  dateTooFar: "We take bookings up to a year ahead",
  timeInvalid: "Choose one of the time slots",
  fromRequired: "Pickup address is required",
  toRequired: "Delivery address is required",
  sizeRequired: "Property size is required",
  teamRequired: "Please select a team type to continue",
  serviceRequired: "Please select a service type to continue",
  tooLong: TEXT_FIELD_MESSAGES.tooLong,
  controlCharacters: TEXT_FIELD_MESSAGES.controlCharacters,
  counter: (min: number, max: number) => `Choose from ${min} to ${max}`,
} as const;

/** US numbers as people write them: (404) 555-0182, 404-555-0182, +1 404 555 0182, 4045550182. */
const US_PHONE = /^(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

export const contactSchema = builtOnce(() =>
  z.object({
    fullName: requiredText(BOOKING_MESSAGES.fullNameRequired, 200),
    email: emailField(BOOKING_MESSAGES.emailRequired, BOOKING_MESSAGES.emailInvalid),
    phone: requiredText(BOOKING_MESSAGES.phoneRequired, 40).check(z.refine((value) => US_PHONE.test(value), BOOKING_MESSAGES.phoneInvalid)),
  }),
);

/**
 * When a move starts, judged against today's date where the company works: a date from today to a year
 * ahead, and one of the time slots or none (the first free one).
 */
export const moveTimeSchema = builtForKey((today: string) =>
  z.object({
    date: calendarDateSchema(BOOKING_MESSAGES.dateRequired).check(
      z.refine((value) => value >= today, BOOKING_MESSAGES.dateInPast),
      z.refine((value) => value <= lastBookableDate(today), BOOKING_MESSAGES.dateTooFar),
    ),
    time: z.optional(z.enum(TIME_SLOTS, { error: BOOKING_MESSAGES.timeInvalid })),
  }),
);

/** The details step, judged against today's date where the company works (a move date in the past is refused). */
export const detailsSchema = builtForKey((today: string) =>
  z.extend(moveTimeSchema(today), {
    fromAddress: requiredText(BOOKING_MESSAGES.fromRequired, 500),
    toAddress: requiredText(BOOKING_MESSAGES.toRequired, 500),
    propertySize: z.enum(PROPERTY_SIZES, { error: BOOKING_MESSAGES.sizeRequired }),
  }),
);

export const teamSchema = builtOnce(() => z.object({ teamType: z.enum(TEAM_TYPES, { error: BOOKING_MESSAGES.teamRequired }) }));

export const serviceSchema = builtOnce(() => z.object({ serviceType: z.enum(SERVICE_TYPES, { error: BOOKING_MESSAGES.serviceRequired }) }));

const counter = (name: keyof typeof COUNTER_LIMITS) => {
  const { min, max } = COUNTER_LIMITS[name];
  const message = BOOKING_MESSAGES.counter(min, max);
  return z._default(z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)), 0);
};

/** The flat-priced add-ons as a form's checkboxes send them: one left unticked is not sent, and is off. */
export const flatAddonFields = () => ({
  packingService: z._default(z.boolean(), false),
  storageService: z._default(z.boolean(), false),
  cleaningService: z._default(z.boolean(), false),
});

export const addonsSchema = builtOnce(() =>
  z.object({
    ...flatAddonFields(),
    extraMovers: counter("extraMovers"),
    tvMounting: counter("tvMounting"),
    deepCleaningBedrooms: counter("deepCleaningBedrooms"),
    specialInstructions: z.optional(
      z
        .string()
        .check(z.trim(), z.maxLength(2000, BOOKING_MESSAGES.tooLong(2000)), z.refine(noControlCharactersButNewlines, BOOKING_MESSAGES.controlCharacters)),
    ),
  }),
);

/** Every step at once: what must hold before anything is charged. */
export const bookingRequestSchema = builtForKey((today: string) =>
  z.extend(contactSchema(), { ...detailsSchema(today).shape, ...teamSchema().shape, ...serviceSchema().shape, ...addonsSchema().shape }),
);

export type ValidBookingRequest = z.infer<ReturnType<typeof bookingRequestSchema>>;

// Dates move by calendar days on the company's clock; kept importable from here for the wizard's callers.
export { addDays };

/** The furthest move date taken: bookings are taken up to a year ahead (a day more, for leap years). */
export function lastBookableDate(today: string): string {
  return addDays(today, 366);
}

/** Today's date where the company works, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClockAt(now, timeZone).date;
}
