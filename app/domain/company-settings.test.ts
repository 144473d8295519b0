import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { Tables } from "../../supabase/types";
import { COMPANY } from "./company";
import { DEFAULT_COMPANY_FACTS, DEFAULT_COMPANY_SETTINGS, companyFacts, settingsFromRow, settingsToRow, type CompanySettings } from "./company-settings";
import { SETTINGS_MESSAGES, companySettingsSchema } from "./company-settings-form";

const row: Tables<"app_settings"> = {
  id: true,
  company_name: "Peach State Moving",
  admin_email: "office@peachstate.example",
  admin_phone: "(770) 555-0100",
  default_service_area: "Marietta, GA",
  business_hours: "7:00 AM - 7:00 PM",
  emergency_contact: "(770) 555-0199",
  email_alerts: true,
  auto_confirm_bookings: true,
  executive_name: "Dana Okafor",
  executive_title: "Owner",
  analytics_retention_days: 90,
  minimum_lead_days: 2,
  long_moves_run_over: true,
  day_before_reminder_hour: 18,
  time_zone: "America/Chicago",
  customer_change_notice_hours: 72,
  refund_deposit_on_customer_cancel: false,
  online_reschedule_limit: 1,
  bill_margin_percent: 15,
  updated_at: "2026-11-23T10:00:00+00:00",
  updated_by: "6f1c1a8e-2b7e-4a51-9a64-0d7a3c1e9b10",
};

describe("company settings", () => {
  it("read every column of the settings row into its own field", () => {
    expect(settingsFromRow(row)).toEqual<CompanySettings>({
      companyName: "Peach State Moving",
      adminEmail: "office@peachstate.example",
      adminPhone: "(770) 555-0100",
      defaultServiceArea: "Marietta, GA",
      businessHours: "7:00 AM - 7:00 PM",
      emergencyContact: "(770) 555-0199",
      emailAlerts: true,
      autoConfirmBookings: true,
      executiveName: "Dana Okafor",
      executiveTitle: "Owner",
      analyticsRetentionDays: 90,
      minimumLeadDays: 2,
      longMovesRunOver: true,
      dayBeforeReminderHour: 18,
      timeZone: "America/Chicago",
      customerChangeNoticeHours: 72,
      refundDepositOnCustomerCancel: false,
      onlineRescheduleLimit: 1,
      billMarginPercent: 15,
    });
  });

  it("write back to the same columns, leaving the key and the save stamp to the database", () => {
    const { id: _id, updated_at: _updatedAt, updated_by: _updatedBy, ...editable } = row;
    expect(settingsToRow(settingsFromRow(row))).toEqual(editable);
  });

  it("start from the company's facts, with email alerts on, auto-confirm off, analytics kept 400 days, moves from the next day and ending by closing, day-before reminders at 5:00 PM, customers' own changes online until 48 hours before (a cancellation in time refunding the deposit), two online reschedules", () => {
    expect(DEFAULT_COMPANY_SETTINGS).toEqual<CompanySettings>({
      companyName: COMPANY.name,
      adminEmail: COMPANY.email,
      adminPhone: COMPANY.phoneDisplay,
      defaultServiceArea: COMPANY.serviceArea,
      businessHours: "8:00 AM - 6:00 PM",
      emergencyContact: "",
      emailAlerts: true,
      autoConfirmBookings: false,
      executiveName: COMPANY.executiveName,
      executiveTitle: COMPANY.executiveTitle,
      analyticsRetentionDays: 400,
      minimumLeadDays: 1,
      longMovesRunOver: false,
      dayBeforeReminderHour: 17,
      timeZone: COMPANY.timeZone,
      customerChangeNoticeHours: 48,
      refundDepositOnCustomerCancel: true,
      onlineRescheduleLimit: 2,
      billMarginPercent: 10,
    });
    expect(Object.isFrozen(DEFAULT_COMPANY_SETTINGS)).toBe(true);
  });
});

describe("companyFacts", () => {
  it("shows the saved name, area, phone and email, with a dialable phone number", () => {
    const facts = companyFacts({ ...DEFAULT_COMPANY_SETTINGS, companyName: "Peach Movers", adminPhone: "(678) 555-0199", defaultServiceArea: "Decatur, GA" });
    expect(facts).toMatchObject({ name: "Peach Movers", phoneDisplay: "(678) 555-0199", phoneE164: "+16785550199", serviceArea: "Decatur, GA" });
    expect(companyFacts({ ...DEFAULT_COMPANY_SETTINGS, adminPhone: "+44 20 7946 0958" }).phoneE164).toBe("+442079460958");
  });

  it("defaults to the company's own facts", () => {
    expect(DEFAULT_COMPANY_FACTS).toMatchObject({ name: "Metro Movers", phoneE164: "+14045550182", serviceArea: "Atlanta, GA" });
  });
});

describe("the settings form", () => {
  /** The form as a browser posts it: text fields always, a checkbox only when it is checked. */
  function posted(settings: CompanySettings, overrides: Record<string, string> = {}): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(settings)) {
      if (typeof value === "boolean") {
        if (value) form.set(name, "on");
      } else form.set(name, String(value));
    }
    for (const [name, value] of Object.entries(overrides)) form.set(name, value);
    return form;
  }
  const parse = (form: FormData) => parseWithZod(form, { schema: companySettingsSchema() });
  const errorsOf = (form: FormData) => {
    const submission = parse(form);
    expect(submission.status).toBe("error");
    return submission.reply().error ?? {};
  };

  it("accepts the defaults as they are", () => {
    const submission = parse(posted(DEFAULT_COMPANY_SETTINGS));
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual(DEFAULT_COMPANY_SETTINGS);
  });

  it("reads a checkbox that is not sent as off, and an empty emergency contact as none", () => {
    const submission = parse(posted({ ...DEFAULT_COMPANY_SETTINGS, emailAlerts: false, autoConfirmBookings: true, refundDepositOnCustomerCancel: false }));
    expect(submission.status === "success" && submission.value).toMatchObject({
      emailAlerts: false,
      autoConfirmBookings: true,
      refundDepositOnCustomerCancel: false,
      emergencyContact: "",
    });
  });

  it("trims what was typed and accepts US and international phone numbers", () => {
    const submission = parse(
      posted(DEFAULT_COMPANY_SETTINGS, { companyName: "  Peach Movers ", adminPhone: "+44 20 7946 0958", emergencyContact: "404.555.0199" }),
    );
    expect(submission.status === "success" && submission.value).toMatchObject({
      companyName: "Peach Movers",
      adminPhone: "+44 20 7946 0958",
      emergencyContact: "404.555.0199",
    });
  });

  it("refuses an empty company name, a bad email and bad phone numbers, each beside its field", () => {
    expect(
      errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { companyName: "   ", adminEmail: "office@", adminPhone: "555-01", emergencyContact: "call Sam" })),
    ).toEqual({
      companyName: [SETTINGS_MESSAGES.companyNameRequired],
      adminEmail: [SETTINGS_MESSAGES.emailInvalid],
      adminPhone: [SETTINGS_MESSAGES.phoneInvalid],
      emergencyContact: [SETTINGS_MESSAGES.phoneInvalid],
    });
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { adminEmail: "", adminPhone: "", executiveName: "" }))).toEqual({
      adminEmail: [SETTINGS_MESSAGES.adminEmailRequired],
      adminPhone: [SETTINGS_MESSAGES.adminPhoneRequired],
      executiveName: [SETTINGS_MESSAGES.executiveNameRequired],
    });
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { adminEmail: "office@example", adminPhone: "+1 2" }))).toMatchObject({
      adminEmail: [SETTINGS_MESSAGES.emailInvalid],
      adminPhone: [SETTINGS_MESSAGES.phoneInvalid],
    });
  });

  it("reads the analytics retention as whole days from 1 to 3650", () => {
    for (const [typed, days] of [
      ["1", 1],
      [" 30 ", 30],
      ["3650", 3650],
    ] as const) {
      const submission = parse(posted(DEFAULT_COMPANY_SETTINGS, { analyticsRetentionDays: typed }));
      expect(submission.status === "success" && submission.value.analyticsRetentionDays, typed).toBe(days);
    }
    for (const typed of ["0", "3651", "-5", "12.5", "a year"]) {
      expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { analyticsRetentionDays: typed })), typed).toEqual({
        analyticsRetentionDays: [SETTINGS_MESSAGES.retentionRange],
      });
    }
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { analyticsRetentionDays: "" }))).toEqual({
      analyticsRetentionDays: [SETTINGS_MESSAGES.retentionRequired],
    });
  });

  it("reads the hours before the move when online changes close as whole hours from 0 to 720 (30 days)", () => {
    for (const [typed, hours] of [
      ["0", 0],
      [" 24 ", 24],
      ["720", 720],
    ] as const) {
      const submission = parse(posted(DEFAULT_COMPANY_SETTINGS, { customerChangeNoticeHours: typed }));
      expect(submission.status === "success" && submission.value.customerChangeNoticeHours, typed).toBe(hours);
    }
    for (const typed of ["-1", "721", "1.5", "two days"]) {
      expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { customerChangeNoticeHours: typed })), typed).toEqual({
        customerChangeNoticeHours: [SETTINGS_MESSAGES.noticeHoursRange],
      });
    }
    expect(SETTINGS_MESSAGES.noticeHoursRange).toBe("Enter between 0 and 720 hours (30 days).");
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { customerChangeNoticeHours: "" }))).toEqual({
      customerChangeNoticeHours: [SETTINGS_MESSAGES.noticeHoursRequired],
    });
  });

  it("reads the online reschedules per booking as a whole number from 0 to 10", () => {
    for (const [typed, limit] of [
      ["0", 0],
      ["10", 10],
    ] as const) {
      const submission = parse(posted(DEFAULT_COMPANY_SETTINGS, { onlineRescheduleLimit: typed }));
      expect(submission.status === "success" && submission.value.onlineRescheduleLimit, typed).toBe(limit);
    }
    for (const typed of ["-1", "11", "2.5", "twice"]) {
      expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { onlineRescheduleLimit: typed })), typed).toEqual({
        onlineRescheduleLimit: [SETTINGS_MESSAGES.rescheduleLimitRange],
      });
    }
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { onlineRescheduleLimit: "" }))).toEqual({
      onlineRescheduleLimit: [SETTINGS_MESSAGES.rescheduleLimitRequired],
    });
  });

  it("reads the final bill's margin as a whole percentage from 0 to 100", () => {
    for (const [typed, margin] of [
      ["0", 0],
      ["100", 100],
    ] as const) {
      const submission = parse(posted(DEFAULT_COMPANY_SETTINGS, { billMarginPercent: typed }));
      expect(submission.status === "success" && submission.value.billMarginPercent, typed).toBe(margin);
    }
    for (const typed of ["-1", "101", "12.5", "ten"]) {
      expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { billMarginPercent: typed })), typed).toEqual({
        billMarginPercent: [SETTINGS_MESSAGES.billMarginRange],
      });
    }
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { billMarginPercent: "" }))).toEqual({
      billMarginPercent: [SETTINGS_MESSAGES.billMarginRequired],
    });
  });

  it("refuses text longer than the database keeps, and control characters", () => {
    expect(errorsOf(posted(DEFAULT_COMPANY_SETTINGS, { companyName: "M".repeat(201), businessHours: "8\u0000AM" }))).toEqual({
      companyName: [SETTINGS_MESSAGES.tooLong(200)],
      businessHours: [SETTINGS_MESSAGES.controlCharacters],
    });
  });
});
