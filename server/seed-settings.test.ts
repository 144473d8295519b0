import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_SETTINGS, settingsToRow, type CompanySettings } from "../app/domain/company-settings.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../emulators/supabase/testing/index.ts";
import type { Database } from "../supabase/types.ts";
import { createLogger } from "./logger.ts";
import { ensureAppSettings } from "./seed-settings.ts";

const logger = createLogger("silent");

const customDefaults: CompanySettings = {
  ...DEFAULT_COMPANY_SETTINGS,
  companyName: "Peach State Moving",
  emergencyContact: "(770) 555-0199",
  autoConfirmBookings: true,
  dayBeforeReminderHour: 9,
};

// Deletes and edits the settings row, so only against the emulator.
describe.skipIf(usingHostedBackend)("ensureAppSettings", () => {
  let backend: TestBackend;
  let service: SupabaseClient<Database>;

  beforeAll(async () => {
    backend = await startTestBackend();
    service = createClient<Database>(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: backend.fetch },
    });
  });
  afterAll(async () => {
    await backend.close();
  });
  beforeEach(async () => {
    await backend.sql("delete from public.app_settings");
  });

  const settingsRows = () =>
    backend.sql<Record<string, unknown>>(
      `select company_name, admin_email, admin_phone, default_service_area, business_hours, emergency_contact,
              email_alerts, auto_confirm_bookings, executive_name, executive_title, analytics_retention_days,
              minimum_lead_days, long_moves_run_over, day_before_reminder_hour, time_zone,
              customer_change_notice_hours, refund_deposit_on_customer_cancel, online_reschedule_limit, bill_margin_percent
       from public.app_settings`,
    );

  function recordingLogger() {
    const lines: Array<Record<string, unknown>> = [];
    return { lines, logger: pino({}, { write: (line: string) => lines.push(JSON.parse(line)) }) };
  }

  it("inserts the missing row from the defaults it is given, and says so", async () => {
    const { lines, logger: recording } = recordingLogger();
    await ensureAppSettings(service, customDefaults, recording);
    expect(await settingsRows()).toEqual([settingsToRow(customDefaults)]);
    expect(lines.filter((line) => line.msg === "company settings created from the defaults")).toHaveLength(1);
  });

  it("keeps a row an admin edited, and stays quiet", async () => {
    await ensureAppSettings(service, DEFAULT_COMPANY_SETTINGS, logger);
    await backend.sql("update public.app_settings set business_hours = '7:00 AM - 9:00 PM', auto_confirm_bookings = true");
    const { lines, logger: recording } = recordingLogger();

    await ensureAppSettings(service, customDefaults, recording);
    expect(await settingsRows()).toEqual([{ ...settingsToRow(DEFAULT_COMPANY_SETTINGS), business_hours: "7:00 AM - 9:00 PM", auto_confirm_bookings: true }]);
    expect(lines).toEqual([]);
  });

  it("inserts one row when servers start at the same time", async () => {
    await Promise.all([1, 2, 3].map(() => ensureAppSettings(service, DEFAULT_COMPANY_SETTINGS, logger)));
    expect(await settingsRows()).toEqual([settingsToRow(DEFAULT_COMPANY_SETTINGS)]);
  });

  it("fails start-up when the row cannot be written", async () => {
    const anon = createClient<Database>(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: backend.fetch },
    });
    await expect(ensureAppSettings(anon, DEFAULT_COMPANY_SETTINGS, logger)).rejects.toThrow(/could not create the company settings/);
    expect(await settingsRows()).toEqual([]);
  });

  it("is the only source of the row's values: the database fills in none of them", async () => {
    await expect(backend.sql("insert into public.app_settings (id) values (true)")).rejects.toMatchObject({ code: "23502" });
  });
});
