import type { Tables } from "../../supabase/types";
import { COMPANY } from "./company";
import { DEFAULT_CUSTOMER_CHANGE_RULES, type CustomerChangeRules } from "./booking-cancellation";
import { DEFAULT_MOVE_START_RULES, type MoveStartRules } from "./move-start-rules";

/** What the admin settings screen edits: the single app_settings row, in the app's own names. */
export interface CompanySettings {
  companyName: string;
  adminEmail: string;
  adminPhone: string;
  defaultServiceArea: string;
  businessHours: string;
  emergencyContact: string;
  emailAlerts: boolean;
  autoConfirmBookings: boolean;
  executiveName: string;
  executiveTitle: string;
  /** Website analytics events older than this many days are deleted. */
  analyticsRetentionDays: number;
  /** The first bookable move date is this many days after today (1: no same-day moves; 0 allows them). */
  minimumLeadDays: number;
  /** A move whose estimated hours end after closing may be booked (the customer is told it runs over). */
  longMovesRunOver: boolean;
  /** The hour (company time, 8 to 20) customers get their day-before reminder and the office its list of tomorrow's moves. */
  dayBeforeReminderHour: number;
  /** The company's clock (an IANA name): move dates and times, "today" and message hours are read on it. */
  timeZone: string;
  /** Up to this many hours before the move starts (0 to 720) a customer may reschedule or cancel online. */
  customerChangeNoticeHours: number;
  /** A customer who cancels online in time gets the deposit back in full, by itself. */
  refundDepositOnCustomerCancel: boolean;
  /** How many times a customer may move one booking online (0 to 10). */
  onlineRescheduleLimit: number;
  /** How far (percent, 0 to 100) a final bill may come above the accepted estimate before the customer must approve it. */
  billMarginPercent: number;
}

/** The app_settings columns an admin edits; who saved them and when is stamped by the database. */
export type CompanySettingsRow = Omit<Tables<"app_settings">, "id" | "updated_at" | "updated_by">;

/**
 * The settings a new installation starts with (and the app falls back to when the row cannot be read):
 * the company's facts, no emergency contact, email alerts on, auto-confirm off, website analytics kept
 * for 400 days, moves from the next day on, each ending by closing, day-before reminders at 5:00 PM,
 * customers' own changes and cancellations online up to 48 hours before the move (a cancellation in
 * time refunds the deposit), two online reschedules per booking, final bills up to 10% above the
 * estimate charged without asking.
 */
export const DEFAULT_COMPANY_SETTINGS: Readonly<CompanySettings> = Object.freeze({
  companyName: COMPANY.name,
  adminEmail: COMPANY.email,
  adminPhone: COMPANY.phoneDisplay,
  defaultServiceArea: COMPANY.serviceArea,
  businessHours: COMPANY.businessHours,
  emergencyContact: "",
  emailAlerts: true,
  autoConfirmBookings: false,
  executiveName: COMPANY.executiveName,
  executiveTitle: COMPANY.executiveTitle,
  analyticsRetentionDays: 400,
  minimumLeadDays: DEFAULT_MOVE_START_RULES.minimumLeadDays,
  longMovesRunOver: DEFAULT_MOVE_START_RULES.longMovesRunOver,
  dayBeforeReminderHour: 17,
  timeZone: COMPANY.timeZone,
  customerChangeNoticeHours: DEFAULT_CUSTOMER_CHANGE_RULES.noticeHours,
  refundDepositOnCustomerCancel: DEFAULT_CUSTOMER_CHANGE_RULES.refundOnCancel,
  onlineRescheduleLimit: DEFAULT_CUSTOMER_CHANGE_RULES.rescheduleLimit,
  billMarginPercent: 10,
});

export function settingsFromRow(row: CompanySettingsRow): CompanySettings {
  return {
    companyName: row.company_name,
    adminEmail: row.admin_email,
    adminPhone: row.admin_phone,
    defaultServiceArea: row.default_service_area,
    businessHours: row.business_hours,
    emergencyContact: row.emergency_contact,
    emailAlerts: row.email_alerts,
    autoConfirmBookings: row.auto_confirm_bookings,
    executiveName: row.executive_name,
    executiveTitle: row.executive_title,
    analyticsRetentionDays: row.analytics_retention_days,
    minimumLeadDays: row.minimum_lead_days,
    longMovesRunOver: row.long_moves_run_over,
    dayBeforeReminderHour: row.day_before_reminder_hour,
    timeZone: row.time_zone,
    customerChangeNoticeHours: row.customer_change_notice_hours,
    refundDepositOnCustomerCancel: row.refund_deposit_on_customer_cancel,
    onlineRescheduleLimit: row.online_reschedule_limit,
    billMarginPercent: row.bill_margin_percent,
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
    email_alerts: settings.emailAlerts,
    auto_confirm_bookings: settings.autoConfirmBookings,
    executive_name: settings.executiveName,
    executive_title: settings.executiveTitle,
    analytics_retention_days: settings.analyticsRetentionDays,
    minimum_lead_days: settings.minimumLeadDays,
    long_moves_run_over: settings.longMovesRunOver,
    day_before_reminder_hour: settings.dayBeforeReminderHour,
    time_zone: settings.timeZone,
    customer_change_notice_hours: settings.customerChangeNoticeHours,
    refund_deposit_on_customer_cancel: settings.refundDepositOnCustomerCancel,
    online_reschedule_limit: settings.onlineRescheduleLimit,
    bill_margin_percent: settings.billMarginPercent,
  };
}

/** The settings that decide when a move may start. */
export function moveStartRulesOf(settings: CompanySettings): MoveStartRules {
  return { minimumLeadDays: settings.minimumLeadDays, longMovesRunOver: settings.longMovesRunOver };
}

/** The settings that decide what a customer may change or cancel online, and what a cancellation refunds. */
export function customerChangeRulesOf(settings: CompanySettings): CustomerChangeRules {
  return {
    noticeHours: settings.customerChangeNoticeHours,
    refundOnCancel: settings.refundDepositOnCustomerCancel,
    rescheduleLimit: settings.onlineRescheduleLimit,
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
  /** The company's clock, on which pages state dates and times. */
  timeZone: string;
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
    timeZone: settings.timeZone,
  };
}

export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith("1") ? `+${digits}` : digits;
}

export const DEFAULT_COMPANY_FACTS: Readonly<CompanyFacts> = Object.freeze(companyFacts(DEFAULT_COMPANY_SETTINGS));
