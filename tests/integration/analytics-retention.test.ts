import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_SETTINGS, settingsToRow } from "../../app/domain/company-settings.ts";
import { purgeOldAnalytics } from "../../app/services/analytics-retention.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Database } from "../../supabase/types.ts";
import { signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";

// Website analytics are kept for the company's analytics_retention_days (400 unless an admin changes
// it), visitor-id salts for 48 hours: purge_old_analytics deletes what is older, for the service role
// only, and running it several times at once deletes nothing twice.

const DAY = 86_400_000;

let backend: TestBackend;
let service: SupabaseClient<Database>;
let admin: SignedInCustomer;
let customer: SignedInCustomer;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.createClient({ key: "service_role" }) as SupabaseClient<Database>;
  [admin, customer] = await Promise.all([signInStaff(backend, "admin", "retention-admin", "Ada Admin"), signInCustomer(backend, "retention-customer")]);
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

/** Events this many days old (a fraction of a day keeps them clear of the cut-off), one per age. */
const AGES = [3000, 401, 399.5, 30.5, 29.5, 1.5, 0.5, 0] as const;

beforeEach(async () => {
  if (usingHostedBackend) return;
  await backend.sql("delete from public.website_analytics");
  await backend.sql("delete from public.analytics_salts");
  await backend.sql("update public.app_settings set analytics_retention_days = 400");
  const now = Date.now();
  const { error } = await service.from("website_analytics").insert(
    AGES.map((days) => ({
      page_path: `/aged-${days}`,
      event_type: "page_view",
      visitor_id: "0".repeat(32),
      created_at: new Date(now - days * DAY).toISOString(),
    })),
  );
  if (error) throw error;
  // Salts made 3 days, 49 hours and 1 hour ago.
  await backend.sql(
    `insert into public.analytics_salts (day, created_at) values
       (current_date - 3, now() - interval '3 days'), (current_date - 2, now() - interval '49 hours'), (current_date, now() - interval '1 hour')`,
  );
});

const keptAges = async () =>
  (await backend.sql<{ page_path: string }>("select page_path from public.website_analytics order by created_at")).map((row) => Number(row.page_path.slice(6)));
const keptSalts = async () => (await backend.sql<{ n: number }>("select count(*)::int as n from public.analytics_salts"))[0]!.n;

describe.skipIf(usingHostedBackend)("purge_old_analytics", () => {
  it("keeps 400 days of events by default and 48 hours of salts", async () => {
    expect(await purgeOldAnalytics(service)).toEqual({ eventsDeleted: 2, saltsDeleted: 2 });
    expect(await keptAges()).toEqual([399.5, 30.5, 29.5, 1.5, 0.5, 0]);
    expect(await keptSalts()).toBe(1);
    // Again: nothing more to delete.
    expect(await purgeOldAnalytics(service)).toEqual({ eventsDeleted: 0, saltsDeleted: 0 });
  });

  it("moves the cut-off when an admin changes the setting", async () => {
    const save = (days: number) =>
      admin.client.rpc("save_company_settings", { _settings: { ...settingsToRow(DEFAULT_COMPANY_SETTINGS), analytics_retention_days: days } });
    expect((await save(30)).error).toBeNull();
    expect(await purgeOldAnalytics(service)).toMatchObject({ eventsDeleted: 4 });
    expect(await keptAges()).toEqual([29.5, 1.5, 0.5, 0]);
    expect((await save(1)).error).toBeNull();
    expect(await purgeOldAnalytics(service)).toMatchObject({ eventsDeleted: 2 });
    expect(await keptAges()).toEqual([0.5, 0]);
  });

  it("deletes each old row once when several servers run it at the same time", async () => {
    const runs = await Promise.all([1, 2, 3, 4].map(() => purgeOldAnalytics(service)));
    expect(runs.reduce((sum, run) => sum + run.eventsDeleted, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.saltsDeleted, 0)).toBe(2);
    expect(await keptAges()).toEqual([399.5, 30.5, 29.5, 1.5, 0.5, 0]);
  });

  it("deletes no event while there is no settings row to say how long to keep them", async () => {
    const [row] = await backend.sql<Record<string, unknown>>("select * from public.app_settings");
    await backend.sql("delete from public.app_settings");
    try {
      expect(await purgeOldAnalytics(service)).toEqual({ eventsDeleted: 0, saltsDeleted: 2 });
      expect(await keptAges()).toEqual([...AGES]);
    } finally {
      const columns = Object.keys(row!);
      await backend.sql(
        `insert into public.app_settings (${columns.join(", ")}) values (${columns.map((_, index) => `$${index + 1}`).join(", ")})`,
        Object.values(row!),
      );
    }
  });

  it("may be run by the service role only: staff, customers and anonymous callers get 42501", async () => {
    for (const client of [admin.client, customer.client, backend.createClient({ key: "anon" })]) {
      expect((await client.rpc("purge_old_analytics")).error?.code).toBe("42501");
    }
    expect(await keptAges()).toEqual([...AGES]);
  });
});
