import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingRow } from "../../app/domain/booking.ts";
import { DEFAULT_COMPANY_SETTINGS, settingsToRow, type CompanySettings } from "../../app/domain/company-settings.ts";
import { SETTINGS_MESSAGES } from "../../app/domain/company-settings-form.ts";
import type { Route } from "../../app/routes/admin/+types/settings.ts";
import { savedBooking } from "./support/saved-booking.ts";
import { startCheckout } from "../../app/services/payments.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { StripeEmulator } from "../../emulators/stripe/index.ts";
import { completeSession, deliveriesSettled, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { signIn, startTestApp, type RouteOutcome, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";

// /admin/settings through the app's request handler, each person signed in through the login form (so
// the guards and the database's permission checks apply), and the settings taking effect: the pages'
// copy and auto-confirm after a paid deposit. One test app stands for one server process, so its
// settings cache is shared by the save and the pages and webhooks that follow, as in production.

let backend: TestBackend;
let app: TestApp;
let serviceRole: AppSupabaseClient;
let testStripe: TestStripe;
let emulator: StripeEmulator;
let admin: SignedInVisitor;
let moderator: SignedInVisitor;
let customer: SignedInVisitor;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ app, stripe: testStripe } = await startAppWithStripe(backend));
  emulator = testStripe.emulator!;
  serviceRole = app.serviceRole;
  [admin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { fullName: "Ada Admin" }),
    signIn(app, "moderator", { fullName: "Mo Moderator" }),
    signIn(app, "customer", { fullName: "Cam Customer" }),
  ]);
}, 120_000);

afterAll(async () => {
  await testStripe?.close();
  await backend?.close();
});

beforeEach(async () => {
  if (usingHostedBackend) return;
  await backend.sql("delete from public.app_settings_changes");
  const row = settingsToRow(DEFAULT_COMPANY_SETTINGS);
  await backend.sql(
    `update public.app_settings set ${Object.keys(row)
      .map((column, index) => `${column} = $${index + 1}`)
      .join(", ")}`,
    Object.values(row),
  );
  app.services.settings.invalidate();
});

/** The form as a browser posts it: text fields always, a checkbox only when checked. */
function settingsForm(settings: CompanySettings, overrides: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams({ intent: "save-settings" });
  for (const [name, value] of Object.entries(settings)) {
    if (typeof value === "boolean") {
      if (value) form.set(name, "on");
    } else form.set(name, String(value));
  }
  for (const [name, value] of Object.entries(overrides)) form.set(name, value);
  return form;
}

type Page = Route.ComponentProps["loaderData"];

/** The page's loader (no form) or its action (a form), as the page's router asks: its status, redirect and answer. */
function run(who: SignedInVisitor): Promise<RouteOutcome<Page>>;
function run(who: SignedInVisitor, form: URLSearchParams): Promise<RouteOutcome>;
function run(who: SignedInVisitor, form?: URLSearchParams): Promise<RouteOutcome> {
  return form ? who.visitor.act("/admin/settings", form) : who.visitor.load<Page>("/admin/settings", "routes/admin/settings");
}

/** The company name every page's frame shows (here the person's dashboard, which everyone signed in may open). */
async function companyNameShown(who: SignedInVisitor): Promise<string> {
  const root = await who.visitor.loaderData<{ company: { name: string } }>("/dashboard", "root");
  return root.company.name;
}

/** save_company_settings' argument: these settings, each under its column's name, with some columns changed. */
function saveArguments(settings: CompanySettings, columns: Record<string, unknown> = {}) {
  return { _settings: { ...settingsToRow(settings), ...columns } };
}

async function storedSettings() {
  const { data, error } = await serviceRole.from("app_settings").select("*").single();
  if (error) throw error;
  return data;
}

async function history() {
  const { data, error } = await serviceRole.from("app_settings_changes").select("changed_by, changed_at, before, after").order("id");
  if (error) throw error;
  return data;
}

const changed: CompanySettings = {
  ...DEFAULT_COMPANY_SETTINGS,
  companyName: "Peachtree Movers",
  adminPhone: "(678) 555-0199",
  executiveName: "Dana Okafor",
  emailAlerts: false,
};

describe.skipIf(usingHostedBackend)("saving /admin/settings", () => {
  it("saves the settings, records who changed what, and every page of this process shows them at once", async () => {
    // The pages have read the settings just before.
    expect(await companyNameShown(admin)).toBe(DEFAULT_COMPANY_SETTINGS.companyName);

    const saved = await run(admin, settingsForm(changed));
    expect(saved).toMatchObject({ status: 302, location: "/admin/settings" });
    expect(await admin.visitor.toast(saved.location!)).toMatchObject({
      type: "success",
      title: "Settings Saved",
      description: "Your settings have been updated successfully.",
    });

    expect(await storedSettings()).toMatchObject({ ...settingsToRow(changed), updated_by: admin.user.id });
    const [change, ...more] = await history();
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      changed_by: admin.user.id,
      before: { company_name: "Metro Movers", admin_phone: "(404) 555-0182", executive_name: "Jordan Ellis", email_alerts: true },
      after: { company_name: "Peachtree Movers", admin_phone: "(678) 555-0199", executive_name: "Dana Okafor", email_alerts: false },
    });
    expect(Date.now() - Date.parse(change!.changed_at)).toBeLessThan(60_000);

    expect(await companyNameShown(customer)).toBe("Peachtree Movers");
    const page = await run(admin);
    expect(page.status).toBe(200);
    expect(page.value.settings).toEqual(changed);
  });

  it("records nothing when nothing changed", async () => {
    expect(await run(admin, settingsForm(DEFAULT_COMPANY_SETTINGS))).toMatchObject({ status: 302 });
    expect(await history()).toEqual([]);
  });

  it("answers 400 with the messages beside the fields, and saves nothing", async () => {
    const refused = await run(admin, settingsForm(changed, { companyName: " ", adminEmail: "office@example", adminPhone: "12345" }));
    expect(refused.status).toBe(400);
    expect((refused.value as { error: Record<string, string[]> }).error).toEqual({
      companyName: [SETTINGS_MESSAGES.companyNameRequired],
      adminEmail: [SETTINGS_MESSAGES.emailInvalid],
      adminPhone: [SETTINGS_MESSAGES.phoneInvalid],
    });
    expect(await storedSettings()).toMatchObject(settingsToRow(DEFAULT_COMPANY_SETTINGS));
    expect(await history()).toEqual([]);
  });

  it("saves how long website analytics are kept, records the change, and refuses days out of range beside the field", async () => {
    expect(DEFAULT_COMPANY_SETTINGS.analyticsRetentionDays).toBe(400);
    expect((await storedSettings()).analytics_retention_days).toBe(400);
    expect(await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, analyticsRetentionDays: 30 }))).toMatchObject({ status: 302 });
    expect((await storedSettings()).analytics_retention_days).toBe(30);
    expect((await history()).map((change) => [change.before, change.after])).toEqual([[{ analytics_retention_days: 400 }, { analytics_retention_days: 30 }]]);
    expect((await run(admin)).value.settings.analyticsRetentionDays).toBe(30);

    for (const typed of ["0", "3651", "two weeks"]) {
      const refused = await run(admin, settingsForm(DEFAULT_COMPANY_SETTINGS, { analyticsRetentionDays: typed }));
      expect(refused.status, typed).toBe(400);
      expect((refused.value as { error: Record<string, string[]> }).error, typed).toEqual({ analyticsRetentionDays: [SETTINGS_MESSAGES.retentionRange] });
    }
    // The database holds the same limits, whoever calls it.
    const { error } = await (await admin.database()).rpc("save_company_settings", saveArguments(DEFAULT_COMPANY_SETTINGS, { analytics_retention_days: 0 }));
    expect(error).toMatchObject({ code: "23514" });
    expect((await storedSettings()).analytics_retention_days).toBe(30);
  });

  it("saves when moves may start (the first bookable day, long moves running past closing), records the change, and refuses days out of range beside the field", async () => {
    expect(await storedSettings()).toMatchObject({ minimum_lead_days: 1, long_moves_run_over: false });
    expect(await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, minimumLeadDays: 0, longMovesRunOver: true }))).toMatchObject({ status: 302 });
    expect(await storedSettings()).toMatchObject({ minimum_lead_days: 0, long_moves_run_over: true });
    expect((await history()).map((change) => [change.before, change.after])).toEqual([
      [
        { minimum_lead_days: 1, long_moves_run_over: false },
        { minimum_lead_days: 0, long_moves_run_over: true },
      ],
    ]);
    expect((await run(admin)).value.settings).toMatchObject({ minimumLeadDays: 0, longMovesRunOver: true });
    // The unchecked box is sent as nothing: long moves stop running over.
    expect(await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, minimumLeadDays: 0 }))).toMatchObject({ status: 302 });
    expect(await storedSettings()).toMatchObject({ minimum_lead_days: 0, long_moves_run_over: false });

    for (const typed of ["-1", "61", "1.5", "tomorrow"]) {
      const refused = await run(admin, settingsForm(DEFAULT_COMPANY_SETTINGS, { minimumLeadDays: typed }));
      expect(refused.status, typed).toBe(400);
      expect((refused.value as { error: Record<string, string[]> }).error, typed).toEqual({ minimumLeadDays: [SETTINGS_MESSAGES.leadDaysRange] });
    }
    const { error } = await (await admin.database()).rpc("save_company_settings", saveArguments(DEFAULT_COMPANY_SETTINGS, { minimum_lead_days: 61 }));
    expect(error).toMatchObject({ code: "23514" });
    expect(await storedSettings()).toMatchObject({ minimum_lead_days: 0, long_moves_run_over: false });
  });

  it("saves the day-before reminder hour, records the change, and refuses an hour at night beside the field", async () => {
    expect((await storedSettings()).day_before_reminder_hour).toBe(17);
    for (const typed of ["7", "21", "noon"]) {
      const refused = await run(admin, settingsForm(DEFAULT_COMPANY_SETTINGS, { dayBeforeReminderHour: typed }));
      expect(refused.status, typed).toBe(400);
      expect((refused.value as { error: Record<string, string[]> }).error, typed).toEqual({ dayBeforeReminderHour: [SETTINGS_MESSAGES.reminderHourRange] });
    }
    expect((await storedSettings()).day_before_reminder_hour).toBe(17);
    expect(await history()).toEqual([]);

    expect(await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, dayBeforeReminderHour: 18 }))).toMatchObject({ status: 302 });
    expect((await storedSettings()).day_before_reminder_hour).toBe(18);
    expect((await history()).map((change) => [change.before, change.after])).toEqual([[{ day_before_reminder_hour: 17 }, { day_before_reminder_hour: 18 }]]);
    expect((await run(admin)).value.settings.dayBeforeReminderHour).toBe(18);
    // The database holds the same limits, whoever calls it.
    const { error } = await (await admin.database()).rpc("save_company_settings", saveArguments(DEFAULT_COMPANY_SETTINGS, { day_before_reminder_hour: 21 }));
    expect(error).toMatchObject({ code: "23514" });
    expect((await storedSettings()).day_before_reminder_hour).toBe(18);
  });

  it("saves the company's time zone, on whose clock the database then reads every move, and refuses a zone it does not offer", async () => {
    const moveAt = async () =>
      (
        await backend.sql<{ zone: string; starts: Date }>("select public.company_time_zone() as zone, public.move_starts_at('2027-07-01', '10:00') as starts")
      )[0];
    expect(await moveAt()).toEqual({ zone: "America/New_York", starts: new Date("2027-07-01T14:00:00Z") });
    for (const typed of ["Mars/Olympus", "Europe/Paris", ""]) {
      const refused = await run(admin, settingsForm(DEFAULT_COMPANY_SETTINGS, { timeZone: typed }));
      expect(refused.status, typed).toBe(400);
      expect((refused.value as { error: Record<string, string[]> }).error, typed).toEqual({ timeZone: [SETTINGS_MESSAGES.timeZoneInvalid] });
    }
    expect(await history()).toEqual([]);

    expect(await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, timeZone: "America/Los_Angeles" }))).toMatchObject({ status: 302 });
    // 10:00 on the Pacific clock in July (PDT, UTC-7).
    expect(await moveAt()).toEqual({ zone: "America/Los_Angeles", starts: new Date("2027-07-01T17:00:00Z") });
    expect((await history()).map((change) => [change.before, change.after])).toEqual([
      [{ time_zone: "America/New_York" }, { time_zone: "America/Los_Angeles" }],
    ]);
    const page = await admin.visitor.get("/admin/settings");
    expect(page.html).toMatch(/<option value="America\/Los_Angeles" selected="">Pacific \(Los Angeles\)<\/option>/);

    // The database knows every zone name, and takes no other, whoever calls it.
    const { error } = await (await admin.database()).rpc("save_company_settings", saveArguments(DEFAULT_COMPANY_SETTINGS, { time_zone: "Mars/Olympus" }));
    expect(error).toMatchObject({ code: "23514" });
    expect((await moveAt())!.zone).toBe("America/Los_Angeles");
  });

  it("saves the rules of customers' own changes (when online changes close, the deposit refund, reschedules per booking), records the change, and refuses numbers out of range beside the field", async () => {
    expect(await storedSettings()).toMatchObject({ customer_change_notice_hours: 48, refund_deposit_on_customer_cancel: true, online_reschedule_limit: 2 });
    const page = await admin.visitor.get("/admin/settings");
    expect(page.text).toContain("Customers' own changes");
    expect(page.text).toContain("Customers may reschedule or cancel online until this many hours before their move starts.");
    expect(page.text).toContain("After this many, customers call the office to move it again.");

    for (const [field, typed, message] of [
      ["customerChangeNoticeHours", "-1", SETTINGS_MESSAGES.noticeHoursRange],
      ["customerChangeNoticeHours", "721", SETTINGS_MESSAGES.noticeHoursRange],
      ["customerChangeNoticeHours", "", SETTINGS_MESSAGES.noticeHoursRequired],
      ["onlineRescheduleLimit", "11", SETTINGS_MESSAGES.rescheduleLimitRange],
      ["onlineRescheduleLimit", "-1", SETTINGS_MESSAGES.rescheduleLimitRange],
      ["onlineRescheduleLimit", "once", SETTINGS_MESSAGES.rescheduleLimitRange],
    ] as const) {
      const refused = await run(admin, settingsForm(changed, { [field]: typed }));
      expect(refused.status, `${field} ${typed}`).toBe(400);
      expect((refused.value as { error: Record<string, string[]> }).error, `${field} ${typed}`).toEqual({ [field]: [message] });
    }
    expect(SETTINGS_MESSAGES.noticeHoursRange).toBe("Enter between 0 and 720 hours (30 days).");
    expect(await storedSettings()).toMatchObject(settingsToRow(DEFAULT_COMPANY_SETTINGS));
    expect(await history()).toEqual([]);

    const rules = { ...DEFAULT_COMPANY_SETTINGS, customerChangeNoticeHours: 24, refundDepositOnCustomerCancel: false, onlineRescheduleLimit: 0 };
    expect(await run(admin, settingsForm(rules))).toMatchObject({ status: 302, location: "/admin/settings" });
    expect(await storedSettings()).toMatchObject({ customer_change_notice_hours: 24, refund_deposit_on_customer_cancel: false, online_reschedule_limit: 0 });
    expect((await history()).map((change) => [change.before, change.after])).toEqual([
      [
        { customer_change_notice_hours: 48, refund_deposit_on_customer_cancel: true, online_reschedule_limit: 2 },
        { customer_change_notice_hours: 24, refund_deposit_on_customer_cancel: false, online_reschedule_limit: 0 },
      ],
    ]);
    expect((await run(admin)).value.settings).toEqual(rules);
    // The database reads the notice from the setting.
    expect((await backend.sql<{ notice: string }>("select public.customer_cancellation_notice()::text as notice"))[0]!.notice).toBe("24:00:00");

    // The database holds the same limits, whoever calls it.
    const database = await admin.database();
    for (const columns of [{ customer_change_notice_hours: 721 }, { customer_change_notice_hours: -1 }, { online_reschedule_limit: 11 }]) {
      const { error } = await database.rpc("save_company_settings", saveArguments(rules, columns));
      expect(error, JSON.stringify(columns)).toMatchObject({ code: "23514" });
    }
    expect(await storedSettings()).toMatchObject(settingsToRow(rules));
    expect(await history()).toHaveLength(1);
  });

  it("saves the final bill's margin, records the change, and refuses a percentage out of range beside the field and in the database", async () => {
    expect(await storedSettings()).toMatchObject({ bill_margin_percent: 10 });
    const page = await admin.visitor.get("/admin/settings");
    expect(page.text).toContain("Final bills");
    expect(page.text).toContain("A bill further above the estimate the customer accepted waits for their approval before it is charged in full.");

    for (const [typed, message] of [
      ["101", SETTINGS_MESSAGES.billMarginRange],
      ["-5", SETTINGS_MESSAGES.billMarginRange],
      ["7.5", SETTINGS_MESSAGES.billMarginRange],
      ["", SETTINGS_MESSAGES.billMarginRequired],
    ] as const) {
      const refused = await run(admin, settingsForm(changed, { billMarginPercent: typed }));
      expect(refused.status, typed).toBe(400);
      expect((refused.value as { error: Record<string, string[]> }).error, typed).toEqual({ billMarginPercent: [message] });
    }
    expect(await history()).toEqual([]);

    const margin = { ...DEFAULT_COMPANY_SETTINGS, billMarginPercent: 25 };
    expect(await run(admin, settingsForm(margin))).toMatchObject({ status: 302, location: "/admin/settings" });
    expect(await storedSettings()).toMatchObject({ bill_margin_percent: 25 });
    expect((await history()).map((change) => [change.before, change.after])).toEqual([[{ bill_margin_percent: 10 }, { bill_margin_percent: 25 }]]);

    const database = await admin.database();
    for (const columns of [{ bill_margin_percent: 101 }, { bill_margin_percent: -1 }]) {
      const { error } = await database.rpc("save_company_settings", saveArguments(margin, columns));
      expect(error, JSON.stringify(columns)).toMatchObject({ code: "23514" });
    }
    expect(await storedSettings()).toMatchObject({ bill_margin_percent: 25 });
  });

  it("refuses a field the settings do not have, in the database, and saves nothing", async () => {
    const before = await storedSettings();
    const database = await admin.database();
    const { error } = await database.rpc("save_company_settings", saveArguments(changed, { updated_by: customer.user.id, push_notifications: true }));
    expect(error).toMatchObject({ code: "22023" });
    expect(error?.message).toContain("push_notifications");
    expect(error?.message).toContain("updated_by");
    expect(await storedSettings()).toEqual(before);
    expect(before).toMatchObject(settingsToRow(DEFAULT_COMPANY_SETTINGS));
    expect(await history()).toEqual([]);
  });

  it("offers the hour of the day-before reminders and says what email alerts send; nothing offers push notifications", async () => {
    const page = await admin.visitor.get("/admin/settings");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Day-before reminder hour");
    expect(page.text).toContain("Customers get their day-before reminder at this hour, company time.");
    expect(page.text).toContain("Email the admin address about every new paid booking, every customer cancellation, and tomorrow's moves each day.");
    expect(page.html).toMatch(/<option value="17" selected="">5:00 PM<\/option>/);
    expect(page.text).not.toContain("Push notifications");
  });

  it("refuses a moderator's and a customer's crafted POST, in the app and in the database", async () => {
    for (const who of [moderator, customer]) {
      expect((await run(who, settingsForm(changed))).status).toBe(403);
      expect((await run(who)).status).toBe(403);
      const client = await who.database();
      const { error } = await client.rpc("save_company_settings", {
        _settings: {
          company_name: "Taken Over",
          admin_email: "x@example.com",
          admin_phone: "(404) 555-0100",
          default_service_area: "Anywhere",
          business_hours: "Never",
          emergency_contact: "",
          email_alerts: false,
          auto_confirm_bookings: true,
          executive_name: "Mallory",
          executive_title: "Boss",
          analytics_retention_days: 1,
          minimum_lead_days: 0,
          long_moves_run_over: true,
          day_before_reminder_hour: 8,
          time_zone: "America/Denver",
          customer_change_notice_hours: 0,
          refund_deposit_on_customer_cancel: false,
          online_reschedule_limit: 10,
        },
      });
      expect(error).toMatchObject({ code: "42501" });
      const direct = await client.from("app_settings").update({ company_name: "Taken Over" }).eq("id", true).select("company_name");
      expect(direct.error).toMatchObject({ code: "42501" });
      expect((await client.from("app_settings_changes").select("id")).data).toEqual([]);
    }
    expect(await storedSettings()).toMatchObject(settingsToRow(DEFAULT_COMPANY_SETTINGS));
    expect(await history()).toEqual([]);
    await expectStaffOnly("/admin/settings", { guest: app.visitor(), customer: customer.visitor, hidden: ["System Information"] });
  });

  it("shows the System Information: the version, the database's answer, storage per bucket and the last migration", async () => {
    const photo = new Uint8Array(1500);
    const upload = await serviceRole.storage.from("user-images").upload(`${customer.user.id}/${randomUUID()}.jpg`, photo, { contentType: "image/jpeg" });
    expect(upload.error).toBeNull();

    const page = await run(admin);
    const { system } = page.value;
    const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    expect(system.version).toBe(packageJson.version);
    expect(system.database.connected).toBe(true);
    expect(system.database.latencyMs).toBeGreaterThanOrEqual(0);

    const stored = await backend.sql<{ bucket_id: string; objects: string; bytes: string }>(
      `select bucket.id as bucket_id, count(object.id) as objects, coalesce(sum((object.metadata ->> 'size')::bigint), 0) as bytes
       from storage.buckets bucket left join storage.objects object on object.bucket_id = bucket.id group by bucket.id order by bucket.id`,
    );
    expect(system.storage).toEqual(stored.map((row) => ({ bucket: row.bucket_id, objects: Number(row.objects), bytes: Number(row.bytes) })));
    expect(system.storage?.find((bucket) => bucket.bucket === "user-images")?.bytes).toBeGreaterThanOrEqual(1500);

    const newest = readdirSync("supabase/migrations")
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .at(-1)!;
    const [version, name] = [newest.slice(0, newest.indexOf("_")), newest.slice(newest.indexOf("_") + 1, -".sql".length)];
    expect(system.lastMigration).toMatchObject({ version, name, appliedAt: expect.any(String) });

    // A moderator may not read them from the database either.
    const moderatorDb = await moderator.database();
    expect((await moderatorDb.rpc("storage_used_by_bucket")).error).toMatchObject({ code: "42501" });
    expect((await moderatorDb.rpc("last_applied_migration")).error).toMatchObject({ code: "42501" });
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("auto-confirm bookings", () => {
  async function stored(bookingId: string): Promise<BookingRow> {
    const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).single();
    if (error) throw error;
    return data;
  }

  /** A customer's booking whose $50 deposit was paid on the embedded Stripe's page, fulfilled by its webhook. */
  async function paidBooking(): Promise<BookingRow> {
    const booking = await savedBooking(serviceRole, {
      request: sampleBookingRequest({ email: customer.user.email! }),
      userId: customer.user.id,
      draftId: randomUUID(),
    });
    await startCheckout(testStripe.stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: `pay-${randomUUID()}` });
    expect((await completeSession(emulator, (await stored(booking.id)).stripe_checkout_session_id!)).status).toBe(303);
    await deliveriesSettled(emulator);
    const paid = await stored(booking.id);
    expect(paid.deposit_status).toBe("paid");
    return paid;
  }

  it("confirms the next paid booking once an admin turns it on, and leaves it pending once turned off", async () => {
    // Off (the default): the process has read it, and a paid booking stays pending.
    expect((await paidBooking()).status).toBe("pending");

    expect((await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, autoConfirmBookings: true }))).status).toBe(302);
    expect((await paidBooking()).status).toBe("confirmed");

    expect((await run(admin, settingsForm({ ...DEFAULT_COMPANY_SETTINGS, autoConfirmBookings: false }))).status).toBe(302);
    expect((await paidBooking()).status).toBe("pending");
  });
});

describe.skipIf(usingHostedBackend)("settings on a data directory", () => {
  // Two backends start one after the other, on disk: longer than a test in memory.
  it("survive a restart of the backend", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "movers-settings-"));
    try {
      const first = await startTestBackend({ dataDir });
      try {
        const owner = await signIn(await startTestApp(first), "admin", { label: "owner", fullName: "Olive Owner" });
        const answer = await owner.visitor.post("/admin/settings", settingsForm(changed));
        expect(answer.status).toBe(302);
      } finally {
        await first.close();
      }

      const second = await startTestBackend({ dataDir });
      try {
        const service = second.createClient({ key: "service_role" });
        expect((await service.from("app_settings").select("*").single()).data).toMatchObject(settingsToRow(changed));
        expect((await service.from("app_settings_changes").select("after")).data).toEqual([
          { after: { company_name: "Peachtree Movers", admin_phone: "(678) 555-0199", executive_name: "Dana Okafor", email_alerts: false } },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
