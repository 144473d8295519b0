import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionContext } from "../../app/context.ts";
import type { AppRole } from "../../app/domain/roles.ts";
import { loader } from "../../app/routes/admin/overview.tsx";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signedInContext, signInCustomer, testAppOptions, type SignedInCustomer } from "./support/app-harness.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// /admin's loader: the stat cards for staff, the Users tab only for those who may read users, and a
// database that cannot be read shows its message in place of the cards rather than an error page.

let backend: TestBackend;
let admin: SignedInCustomer;

beforeAll(async () => {
  backend = await startTestBackend();
  const service = backend.createClient({ key: "service_role" }) as SupabaseClient;
  admin = await signInCustomer(backend, "admin", "Ada Admin");
  const granted = await service.from("user_roles").insert({ user_id: admin.user.id, role: "admin" });
  if (granted.error) throw granted.error;
  await insertStoredBooking(service as unknown as AppSupabaseClient, admin, { status: "pending" });
  await insertStoredBooking(service as unknown as AppSupabaseClient, admin, { status: "completed", final_cost_cents: 120_000 });
});

afterAll(async () => {
  await backend?.close();
});

function loadAs(path: string, roles: AppRole[], supabase: AppSupabaseClient = admin.client) {
  const context = signedInContext(testAppOptions(backend), admin, { supabase });
  context.set(sessionContext, { ...context.get(sessionContext), roles: async () => new Set(roles) });
  return loader({ request: new Request(`http://localhost:3000${path}`), context, params: {} } as unknown as Parameters<typeof loader>[0]);
}

describe("the /admin loader", () => {
  it("gives staff the stat cards, and the users on the Users tab", async () => {
    const overview = await loadAs("/admin", ["admin"]);
    // Revenue is money collected: neither booking's deposit was paid.
    expect(overview.stats).toMatchObject({
      totalBookings: 2,
      pendingBookings: 1,
      completedMoves: 1,
      revenue: { totalCents: 0, thisMonthCents: 0, lastMonthCents: 0 },
    });
    expect(overview.usersPreview).toBeNull();

    const usersTab = await loadAs("/admin?tab=users", ["admin"]);
    expect(usersTab.usersPreview).toEqual({
      users: [
        {
          id: admin.user.id,
          fullName: "Ada Admin",
          email: admin.user.email,
          avatarUrl: null,
          phone: null,
          address: null,
          bio: null,
          joinedAt: expect.any(String),
          roles: ["admin", "user"],
        },
      ],
      total: 1,
    });
  });

  it("answers 403 on the Users tab to staff who may not read users", async () => {
    const refused = await loadAs("/admin?tab=users", ["user"]).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toMatchObject({ init: { status: 403 } });
  });

  it("shows the page without figures when the database cannot be read", async () => {
    // Every call to the database answers 503, as an unreachable project does.
    const broken = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: async () => new Response("upstream unavailable", { status: 503 }) },
    }) as unknown as AppSupabaseClient;
    const overview = await loadAs("/admin?tab=users", ["admin"], broken);
    expect(overview.stats).toBeNull();
    expect(overview.usersPreview).toBeNull();
  });
});
