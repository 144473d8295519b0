import { z } from "zod";
import type { Tables } from "../../supabase/types";
import { COMPANY } from "./company";
import { US_PHONE } from "./profile";
import { SIMPLE_EMAIL, noControlCharacters } from "./text";

/** What the admin settings screen edits: the single app_settings row, in the app's own names. */
export interface CompanySettings {
  companyName: string;
  adminEmail: string;
  adminPhone: string;
  defaultServiceArea: string;
  businessHours: string;
  emergencyContact: string;
  notificationsEnabled: boolean;
  emailAlerts: boolean;
  autoConfirmBookings: boolean;
  executiveName: string;
  executiveTitle: string;
  /** Website analytics events older than this many days are deleted. */
  analyticsRetentionDays: number;
}

/** The app_settings columns an admin edits; who saved them and when is stamped by the database. */
export type CompanySettingsRow = Omit<Tables<"app_settings">, "id" | "updated_at" | "updated_by">;

/**
 * The settings a new installation starts with (and the app falls back to when the row cannot be read):
 * the company's facts, no emergency contact, notifications and email alerts on, auto-confirm off,
 * website analytics kept for 400 days.
 */
export const DEFAULT_COMPANY_SETTINGS: Readonly<CompanySettings> = Object.freeze({
  companyName: COMPANY.name,
  adminEmail: COMPANY.email,
  adminPhone: COMPANY.phoneDisplay,
  defaultServiceArea: COMPANY.serviceArea,
  businessHours: COMPANY.businessHours,
  emergencyContact: "",
  notificationsEnabled: true,
  emailAlerts: true,
  autoConfirmBookings: false,
  executiveName: COMPANY.executiveName,
  executiveTitle: COMPANY.executiveTitle,
  analyticsRetentionDays: 400,
});

export function settingsFromRow(row: CompanySettingsRow): CompanySettings {
  return {
    companyName: row.company_name,
    adminEmail: row.admin_email,
    adminPhone: row.admin_phone,
    defaultServiceArea: row.default_service_area,
    businessHours: row.business_hours,
    emergencyContact: row.emergency_contact,
    notificationsEnabled: row.notifications_enabled,
    emailAlerts: row.email_alerts,
    autoConfirmBookings: row.auto_confirm_bookings,
    executiveName: row.executive_name,
    executiveTitle: row.executive_title,
    analyticsRetentionDays: row.analytics_retention_days,
  };
}

/** The columns to insert or update for these settings. */
export function settingsToRow(settings: CompanySettings): CompanySettingsRow {
  return {
    company_name: settings.companyName,
    admin_email: settings.adminEmail,
    admin_phone: settings.adminPhone,
    default_service_area: settings.defaultServiceArea,
    business_hours: settings.businessHours,
    emergency_contact: settings.emergencyContact,
    notifications_enabled: settings.notificationsEnabled,
    email_alerts: settings.emailAlerts,
    auto_confirm_bookings: settings.autoConfirmBookings,
    executive_name: settings.executiveName,
    executive_title: settings.executiveTitle,
    analytics_retention_days: settings.analyticsRetentionDays,
  };
}

/** What pages show of the company: from the saved settings, with the fixed marketing facts. */
export interface CompanyFacts {
  name: string;
  serviceArea: string;
  phoneDisplay: string;
  /** The phone number for tel: links, in E.164 (US numbers get +1). */
  phoneE164: string;
  email: string;
  businessHours: string;
  tagline: string;
  rating: string;
}

export function companyFacts(settings: CompanySettings): CompanyFacts {
  return {
    name: settings.companyName,
    serviceArea: settings.defaultServiceArea,
    phoneDisplay: settings.adminPhone,
    phoneE164: toE164(settings.adminPhone),
    email: settings.adminEmail,
    businessHours: settings.businessHours,
    tagline: COMPANY.tagline,
    rating: COMPANY.rating,
  };
}

function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith("1") ? `+${digits}` : digits;
}

export const DEFAULT_COMPANY_FACTS: Readonly<CompanyFacts> = Object.freeze(companyFacts(DEFAULT_COMPANY_SETTINGS));

// The settings form --------------------------------------------------------------------------------

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
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  controlCharacters: "Please remove unusual characters",
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

/** A US number as people write it, or an international one: "+", then 8 to 15 digits with spaces, dots, dashes or brackets. */
export function isPhoneNumber(value: string): boolean {
  if (US_PHONE.test(value)) return true;
  const digits = value.replace(/\D/g, "").length;
  return /^\+[\d\s().-]+$/.test(value) && digits >= 8 && digits <= 15;
}

const requiredText = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, SETTINGS_MESSAGES.tooLong(max))
    .refine(noControlCharacters, SETTINGS_MESSAGES.controlCharacters);

/**
 * The settings form, in the browser and on the server. An empty field arrives as undefined; an unchecked
 * checkbox is not sent at all, so a missing toggle means off.
 */
export const companySettingsSchema = z.object({
  companyName: requiredText(SETTINGS_MESSAGES.companyNameRequired, SETTINGS_LIMITS.companyName),
  adminEmail: requiredText(SETTINGS_MESSAGES.adminEmailRequired, SETTINGS_LIMITS.adminEmail).regex(SIMPLE_EMAIL, SETTINGS_MESSAGES.emailInvalid),
  adminPhone: requiredText(SETTINGS_MESSAGES.adminPhoneRequired, SETTINGS_LIMITS.phone).refine(isPhoneNumber, SETTINGS_MESSAGES.phoneInvalid),
  defaultServiceArea: requiredText(SETTINGS_MESSAGES.serviceAreaRequired, SETTINGS_LIMITS.text),
  businessHours: requiredText(SETTINGS_MESSAGES.businessHoursRequired, SETTINGS_LIMITS.text),
  // Optional: a phone number the crews call after hours.
  emergencyContact: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.phone, SETTINGS_MESSAGES.tooLong(SETTINGS_LIMITS.phone))
    .refine((value) => value === "" || isPhoneNumber(value), SETTINGS_MESSAGES.phoneInvalid)
    .optional()
    .transform((value) => value ?? ""),
  notificationsEnabled: z.boolean().default(false),
  emailAlerts: z.boolean().default(false),
  autoConfirmBookings: z.boolean().default(false),
  executiveName: requiredText(SETTINGS_MESSAGES.executiveNameRequired, SETTINGS_LIMITS.executive),
  executiveTitle: requiredText(SETTINGS_MESSAGES.executiveTitleRequired, SETTINGS_LIMITS.executive),
  // Conform turns the typed digits into a number; anything else is not one.
  analyticsRetentionDays: z
    .number({ error: (issue) => (issue.input === undefined ? SETTINGS_MESSAGES.retentionRequired : SETTINGS_MESSAGES.retentionRange) })
    .int(SETTINGS_MESSAGES.retentionRange)
    .min(ANALYTICS_RETENTION_DAYS.min, SETTINGS_MESSAGES.retentionRange)
    .max(ANALYTICS_RETENTION_DAYS.max, SETTINGS_MESSAGES.retentionRange),
}) satisfies z.ZodType<CompanySettings, unknown>;
