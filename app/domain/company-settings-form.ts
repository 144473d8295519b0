// The company settings form, in the browser and on the server: its messages, limits and schema.
import { z } from "zod/mini";
import { builtOnce } from "./built-once";
import type { CompanySettings } from "./company-settings";
import { MAX_LEAD_DAYS } from "./move-start-rules";
import { US_PHONE } from "./profile";
import { SIMPLE_EMAIL } from "./text";
import { TEXT_FIELD_MESSAGES, requiredText } from "./text-fields";

export const SETTINGS_MESSAGES = {
  companyNameRequired: "Company name is required",
  adminEmailRequired: "Admin email is required",
  emailInvalid: "Enter a valid email address, like office@example.com",
  adminPhoneRequired: "Admin phone is required",
  phoneInvalid: "Enter a phone number, like (404) 555-0182 or +44 20 7946 0958",
  serviceAreaRequired: "Default service area is required",
  businessHoursRequired: "Business hours are required",
  executiveNameRequired: "The executive's name is required",
  executiveTitleRequired: "The executive's title is required",
  retentionRequired: "Enter how many days to keep website analytics",
  retentionRange: "Enter a whole number of days from 1 to 3650",
  leadDaysRequired: "Enter how many days ahead moves may be booked",
  leadDaysRange: `Enter a whole number of days from 0 to ${MAX_LEAD_DAYS}`,
  reminderHourRange: "Choose an hour from 8:00 AM to 8:00 PM",
  timeZoneInvalid: "Choose the company's time zone from the list",
  noticeHoursRequired: "Enter how many hours before the move online changes close",
  noticeHoursRange: "Enter between 0 and 720 hours (30 days).",
  rescheduleLimitRequired: "Enter how many times a customer may reschedule online",
  rescheduleLimitRange: "Enter a whole number of reschedules from 0 to 10",
  billMarginRequired: "Enter how far above the estimate a bill may go without the customer's approval",
  billMarginRange: "Enter a whole percentage from 0 to 100",
  tooLong: TEXT_FIELD_MESSAGES.tooLong,
  controlCharacters: TEXT_FIELD_MESSAGES.controlCharacters,
  saved: "Settings Saved",
  savedDescription: "Your settings have been updated successfully.",
} as const;

/** The longest value each text setting may hold (the database checks the same). */
export const SETTINGS_LIMITS = {
  companyName: 200,
  adminEmail: 320,
  phone: 40,
  text: 200,
  executive: 120,
} as const;

/** How long website analytics may be kept, in days (the database checks the same). */
export const ANALYTICS_RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** The hours, company time, at which day-before reminders may go: none at night (the database checks the same). */
export const DAY_BEFORE_REMINDER_HOURS = { min: 8, max: 20 } as const;

/** Up to how many hours before the move customers may change or cancel it online: 0 to 30 days (the database checks the same). */
export const CUSTOMER_CHANGE_NOTICE_HOURS = { min: 0, max: 720 } as const;

/** How many times a customer may move one booking online (the database checks the same). */
export const ONLINE_RESCHEDULE_LIMITS = { min: 0, max: 10 } as const;

/** How far above the accepted estimate, in percent, a final bill may go without the customer's approval (the database checks the same). */
export const BILL_MARGIN_PERCENTS = { min: 0, max: 100 } as const;

/** The time zones a company in the United States works in, as the settings offer them (IANA names). */
export const COMPANY_TIME_ZONES = {
  "America/New_York": "Eastern (New York)",
  "America/Chicago": "Central (Chicago)",
  "America/Denver": "Mountain (Denver)",
  "America/Phoenix": "Arizona, no daylight saving (Phoenix)",
  "America/Los_Angeles": "Pacific (Los Angeles)",
  "America/Anchorage": "Alaska (Anchorage)",
  "Pacific/Honolulu": "Hawaii (Honolulu)",
} as const;

/** "8:00 AM", "12:00 PM", "8:00 PM": an hour of the day as the form offers it. */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
}

/** A US number as people write it, or an international one: "+", then 8 to 15 digits with spaces, dots, dashes or brackets. */
export function isPhoneNumber(value: string): boolean {
  if (US_PHONE.test(value)) return true;
  const digits = value.replace(/\D/g, "").length;
  return /^\+[\d\s().-]+$/.test(value) && digits >= 8 && digits <= 15;
}

/** A whole number within the limits (Conform turns typed digits into a number): "required" when empty, "range" otherwise. */
const wholeNumber = (limits: { min: number; max: number }, required: string, range: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? required : range) }).check(z.int(range), z.gte(limits.min, range), z.lte(limits.max, range));

/**
 * The settings form, in the browser and on the server. An empty field arrives as undefined; an unchecked
 * checkbox is not sent at all, so a missing toggle means off. Built when first asked for: the settings
 * page's script would otherwise build it as it loads.
 */
export const companySettingsSchema = builtOnce(
  () =>
    z.object({
      companyName: requiredText(SETTINGS_MESSAGES.companyNameRequired, SETTINGS_LIMITS.companyName),
      adminEmail: requiredText(SETTINGS_MESSAGES.adminEmailRequired, SETTINGS_LIMITS.adminEmail).check(z.regex(SIMPLE_EMAIL, SETTINGS_MESSAGES.emailInvalid)),
      adminPhone: requiredText(SETTINGS_MESSAGES.adminPhoneRequired, SETTINGS_LIMITS.phone).check(z.refine(isPhoneNumber, SETTINGS_MESSAGES.phoneInvalid)),
      defaultServiceArea: requiredText(SETTINGS_MESSAGES.serviceAreaRequired, SETTINGS_LIMITS.text),
      businessHours: requiredText(SETTINGS_MESSAGES.businessHoursRequired, SETTINGS_LIMITS.text),
      // Optional: a phone number the crews call after hours.
      emergencyContact: z.pipe(
        z.optional(
          z.string().check(
            z.trim(),
            z.maxLength(SETTINGS_LIMITS.phone, SETTINGS_MESSAGES.tooLong(SETTINGS_LIMITS.phone)),
            z.refine((value) => value === "" || isPhoneNumber(value), SETTINGS_MESSAGES.phoneInvalid),
          ),
        ),
        z.transform((value: string | undefined) => value ?? ""),
      ),
      emailAlerts: z._default(z.boolean(), false),
      autoConfirmBookings: z._default(z.boolean(), false),
      executiveName: requiredText(SETTINGS_MESSAGES.executiveNameRequired, SETTINGS_LIMITS.executive),
      executiveTitle: requiredText(SETTINGS_MESSAGES.executiveTitleRequired, SETTINGS_LIMITS.executive),
      analyticsRetentionDays: wholeNumber(ANALYTICS_RETENTION_DAYS, SETTINGS_MESSAGES.retentionRequired, SETTINGS_MESSAGES.retentionRange),
      minimumLeadDays: wholeNumber({ min: 0, max: MAX_LEAD_DAYS }, SETTINGS_MESSAGES.leadDaysRequired, SETTINGS_MESSAGES.leadDaysRange),
      longMovesRunOver: z._default(z.boolean(), false),
      dayBeforeReminderHour: wholeNumber(DAY_BEFORE_REMINDER_HOURS, SETTINGS_MESSAGES.reminderHourRange, SETTINGS_MESSAGES.reminderHourRange),
      timeZone: z
        .string({ error: SETTINGS_MESSAGES.timeZoneInvalid })
        .check(z.refine((zone) => Object.hasOwn(COMPANY_TIME_ZONES, zone), SETTINGS_MESSAGES.timeZoneInvalid)),
      customerChangeNoticeHours: wholeNumber(CUSTOMER_CHANGE_NOTICE_HOURS, SETTINGS_MESSAGES.noticeHoursRequired, SETTINGS_MESSAGES.noticeHoursRange),
      refundDepositOnCustomerCancel: z._default(z.boolean(), false),
      onlineRescheduleLimit: wholeNumber(ONLINE_RESCHEDULE_LIMITS, SETTINGS_MESSAGES.rescheduleLimitRequired, SETTINGS_MESSAGES.rescheduleLimitRange),
      billMarginPercent: wholeNumber(BILL_MARGIN_PERCENTS, SETTINGS_MESSAGES.billMarginRequired, SETTINGS_MESSAGES.billMarginRange),
    }) satisfies z.ZodMiniType<CompanySettings, unknown>,
);
