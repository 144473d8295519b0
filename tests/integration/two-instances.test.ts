import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_SETTINGS } from "../../app/domain/company-settings.ts";
import { savedBooking } from "./support/saved-booking.ts";
import { SETTINGS_CACHE_LIFETIME_MS } from "../../app/services/settings-cache.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { createApiKeys } from "../../emulators/supabase/index.ts";
import { spawnServer, type SpawnedServer } from "../e2e/support/spawn-server.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";
import { crewsToSpare } from "./support/crews.ts";

// Two servers from the production build behind one database, as ops run several instances: the
// first with the embedded Supabase and Stripe, the second configured as for hosted services, with
// the first's Supabase (its API on the first's port) as SUPABASE_URL, the keys read from the first's
// DATA_DIR, and the first's webhook signing secret. Only HTTP between them and this test.
// Needs `npm run build` first (it runs the build as it is); about 20 s, most of it the two starts.

const BUILD = path.resolve("build/server.js");
const ATTEMPTS_PER_MINUTE = 3;
const ADMIN = { email: "owner@two-instances.example", password: "TwoInstances2026" };

let first: SpawnedServer;
let second: SpawnedServer;
let serviceRole: AppSupabaseClient;
let webhookSecret: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!existsSync(BUILD)) throw new Error("two-instances.test.ts runs the production build: run `npm run build` first");
  const shared = {
    SESSION_SECRET: "one-secret-for-every-instance-of-the-server",
    AUTH_ATTEMPTS_PER_MINUTE: String(ATTEMPTS_PER_MINUTE),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const dataDir = (label: string) => {
    const directory = mkdtempSync(path.join(tmpdir(), `movers-${label}-`));
    dataDirs.push(directory);
    return directory;
  };
  const firstDataDir = dataDir("first");
  first = await spawnServer({ dataDir: firstDataDir, env: { ...shared, EMBEDDED: "1" } });
  // What ops copy from the embedded server's DATA_DIR: its JWT secret (the keys are signed with it) and Stripe's signing secret.
  const { anonKey, serviceRoleKey } = await createApiKeys(readFileSync(path.join(firstDataDir, "jwt-secret"), "utf8").trim());
  webhookSecret = readFileSync(path.join(firstDataDir, "stripe", "webhook-secret"), "utf8").trim();
  second = await spawnServer({
    dataDir: dataDir("second"),
    env: {
      ...shared,
      SUPABASE_URL: first.base,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      STRIPE_SECRET_KEY: "sk_test_second_instance_never_calls_stripe",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  });
  serviceRole = createServiceRoleClient({ url: first.base, anonKey, fetch: globalThis.fetch }, serviceRoleKey);
}, 180_000);

afterAll(async () => {
  for (const server of [second, first]) {
    if (server && server.process.exitCode === null) {
      server.process.kill("SIGTERM");
      await once(server.process, "exit");
    }
  }
  for (const directory of dataDirs) rmSync(directory, { recursive: true, force: true });
}, 30_000);

/** A form post as a browser without JavaScript sends it from the server's own page. */
function postForm(server: SpawnedServer, pathname: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

const signIn = (server: SpawnedServer, email: string, password: string) => postForm(server, "/?index", { intent: "login", email, password });

const titleOf = async (server: SpawnedServer) => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${server.base}/`)).text())?.[1] ?? "";

describe("two instances behind one database", () => {
  it("counts sign-in attempts split between them against one allowance", async () => {
    const email = `guessed-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (const server of [first, second, first, second, first]) {
      const response = await signIn(server, email, "not-the-password");
      await response.body?.cancel();
      statuses.push(response.status);
    }
    // Each instance saw at most three: counted apart, none would refuse.
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it("shows a setting saved through one on the other's pages within the settings' lifetime", async () => {
    // The second has read the settings and keeps its copy.
    expect(await titleOf(second)).toContain(DEFAULT_COMPANY_SETTINGS.companyName);
    const signedIn = await signIn(first, ADMIN.email, ADMIN.password);
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(";", 1)[0])
      .join("; ");

    const companyName = `Shared Movers ${randomUUID().slice(0, 8)}`;
    const saved = await postForm(
      first,
      "/admin/settings",
      {
        intent: "save-settings",
        companyName,
        adminEmail: DEFAULT_COMPANY_SETTINGS.adminEmail,
        adminPhone: DEFAULT_COMPANY_SETTINGS.adminPhone,
        defaultServiceArea: DEFAULT_COMPANY_SETTINGS.defaultServiceArea,
        businessHours: DEFAULT_COMPANY_SETTINGS.businessHours,
        autoConfirmBookings: "on",
        executiveName: DEFAULT_COMPANY_SETTINGS.executiveName,
        executiveTitle: DEFAULT_COMPANY_SETTINGS.executiveTitle,
        analyticsRetentionDays: String(DEFAULT_COMPANY_SETTINGS.analyticsRetentionDays),
        minimumLeadDays: String(DEFAULT_COMPANY_SETTINGS.minimumLeadDays),
        dayBeforeReminderHour: String(DEFAULT_COMPANY_SETTINGS.dayBeforeReminderHour),
        timeZone: DEFAULT_COMPANY_SETTINGS.timeZone,
        customerChangeNoticeHours: String(DEFAULT_COMPANY_SETTINGS.customerChangeNoticeHours),
        refundDepositOnCustomerCancel: "on",
        onlineRescheduleLimit: String(DEFAULT_COMPANY_SETTINGS.onlineRescheduleLimit),
        billMarginPercent: String(DEFAULT_COMPANY_SETTINGS.billMarginPercent),
      },
      cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/settings");
    const savedAt = performance.now();
    expect(await titleOf(first)).toContain(companyName);

    let shownAfter: number | null = null;
    while (performance.now() - savedAt < SETTINGS_CACHE_LIFETIME_MS + 2_000) {
      if ((await titleOf(second)).includes(companyName)) {
        shownAfter = performance.now() - savedAt;
        break;
      }
      // The poll's interval: the copy expires on the other process's clock, which nothing here can await.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(shownAfter, `the second instance still showed the old name ${SETTINGS_CACHE_LIFETIME_MS + 2_000} ms after the save`).not.toBeNull();
    expect(shownAfter!).toBeLessThanOrEqual(SETTINGS_CACHE_LIFETIME_MS + 1_000);
  }, 30_000);

  it("fulfils one Stripe event delivered to both once", async () => {
    // The settings saved above confirm a booking with its payment.
    await crewsToSpare(serviceRole);
    const booking = await savedBooking(serviceRole, { request: sampleBookingRequest({ date: "2027-05-18" }), userId: null, draftId: randomUUID() });
    const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
    const { error } = await serviceRole
      .from("bookings")
      .update({ stripe_checkout_session_id: sessionId, checkout_expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .eq("id", booking.id);
    if (error) throw error;

    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    const created = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2026-10-28.endive",
      created,
      type: "checkout.session.completed",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: booking.deposit_amount_cents,
          currency: "usd",
          metadata: { booking_id: booking.id },
          mode: "payment",
          payment_intent: `pi_${randomUUID().replaceAll("-", "")}`,
          payment_status: "paid",
          status: "complete",
          created: created - 60,
          expires_at: created + 3540,
        },
      },
    });
    const signature = new Stripe("sk_test_signer", { telemetry: false }).webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const deliver = (server: SpawnedServer) =>
      fetch(`${server.base}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
    // Stripe retrying on another instance while the first delivery is still being handled.
    const answers = await Promise.all([deliver(first), deliver(second)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // And once more, later, to the second.
    expect((await deliver(second)).status).toBe(200);

    const { data: events } = await serviceRole.from("stripe_events").select("event_id").eq("event_id", eventId);
    expect(events).toHaveLength(1);
    const { data: stored } = await serviceRole.from("bookings").select("deposit_status, status").eq("id", booking.id).single();
    expect(stored).toEqual({ deposit_status: "paid", status: "confirmed" });
    const { data: history } = await serviceRole.from("booking_status_events").select("status").eq("booking_id", booking.id).order("changed_at");
    expect(history?.map((row) => row.status)).toEqual(["pending", "confirmed"]);
  });
});
