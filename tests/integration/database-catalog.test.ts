import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";

// Rules every function keeps, read from the catalog after all migrations ran: a new function that
// forgets one fails here, not in production.

/** Schemas PostgreSQL or Supabase own; every other schema is the app's. */
const PLATFORM_SCHEMAS = ["pg_catalog", "information_schema", "auth", "storage", "extensions", "graphql_public", "supabase_migrations"];

/** Security-definer functions a guest may call, each with why it is safe. */
const GUEST_CALLABLE: Record<string, string> = {
  "public.capacity_days": "the wizard's free days: counts of crews, never a booking",
  "public.capacity_slots": "the wizard's free start times on a day: counts of crews, never a booking",
  "public.schedule_business_hours": "the opening hours the wizard offers, shown on the public pages",
};

/** Security-definer functions a signed-in customer may call without holding a staff permission, each with why. */
const CUSTOMER_CALLABLE: Record<string, string> = {
  ...GUEST_CALLABLE,
  "public.has_permission": "answers about the caller alone; the policies ask it",
  "public.cancel_my_booking": "cancels only a booking the caller owns",
  "public.reschedule_my_booking": "moves only a booking the caller owns, by the company's rules",
  "public.approve_move_bill": "approves only the bill of a move the caller owns",
  "public.claim_guest_bookings_after_password_reset": "joins only guest bookings made with the caller's own confirmed email",
  "public.signed_in_account": "answers about the caller alone: their own session, roles and profile",
};

interface CatalogFunction {
  name: string;
  source: string;
  securityDefiner: boolean;
  pinned: boolean;
  guest: boolean;
  customer: boolean;
}

/** Every function in the app's schemas, with whether its search_path is pinned and who may call it. */
async function appFunctions(backend: TestBackend): Promise<CatalogFunction[]> {
  return backend.sql<CatalogFunction>(
    `select n.nspname || '.' || p.proname as name,
            p.prosrc as source,
            p.prosecdef as "securityDefiner",
            coalesce(p.proconfig @> array['search_path=""'] or p.proconfig @> array['search_path='], false) as pinned,
            has_function_privilege('anon', p.oid, 'execute') as guest,
            has_function_privilege('authenticated', p.oid, 'execute') as customer
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname <> all($1::text[]) and n.nspname not like 'pg\\_%'
      order by 1`,
    [PLATFORM_SCHEMAS],
  );
}

/** A permission checked by hand (`if not has_permission(…) then raise …`) instead of through require_permission. */
const HAND_COPIED_CHECK = /has_permission\s*\([^)]*\)\s*\)?\s*then\s+raise/i;

/** The names of the functions breaking each rule; all empty when the catalog keeps them. */
function brokenRules(functions: CatalogFunction[]) {
  const definers = functions.filter((fn) => fn.securityDefiner);
  return {
    searchPathNotPinned: definers.filter((fn) => !fn.pinned).map((fn) => fn.name),
    callableByGuests: definers.filter((fn) => fn.guest && !(fn.name in GUEST_CALLABLE)).map((fn) => fn.name),
    noPermissionChecked: definers
      .filter((fn) => (fn.guest || fn.customer) && !(fn.name in CUSTOMER_CALLABLE) && !fn.source.includes("public.require_permission("))
      .map((fn) => fn.name),
    permissionCheckedByHand: functions.filter((fn) => fn.name !== "public.require_permission" && HAND_COPIED_CHECK.test(fn.source)).map((fn) => fn.name),
  };
}

const KEPT = { searchPathNotPinned: [], callableByGuests: [], noPermissionChecked: [], permissionCheckedByHand: [] };

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("the database's functions", () => {
  it("pin every security definer's search_path, let guests call only the wizard's readers, and check a permission before anything a user may call", async () => {
    const functions = await appFunctions(backend);
    expect(functions.filter((fn) => fn.securityDefiner).length).toBeGreaterThan(60);
    expect(brokenRules(functions)).toEqual(KEPT);
  });

  it("check each permission in one place: require_permission, which refuses with insufficient_privilege", async () => {
    const functions = await appFunctions(backend);
    const checking = functions.filter((fn) => fn.source.includes("public.require_permission("));
    expect(checking.length).toBeGreaterThanOrEqual(30);
    // No signed-in user here, so no permission is held.
    await expect(backend.sql("select public.require_permission('bookings:read')")).rejects.toMatchObject({
      code: "42501",
      message: "You do not have the permission bookings:read",
    });
  });

  it("are callable by their owner and the service role alone when a migration grants nothing", async () => {
    await backend.sql("create function public.catalog_probe_new() returns integer language sql as 'select 1'");
    try {
      const [probe] = await backend.sql<Record<string, boolean>>(
        `select has_function_privilege('anon', 'public.catalog_probe_new()', 'execute') as anon,
                has_function_privilege('authenticated', 'public.catalog_probe_new()', 'execute') as authenticated,
                has_function_privilege('service_role', 'public.catalog_probe_new()', 'execute') as service_role`,
      );
      expect(probe).toEqual({ anon: false, authenticated: false, service_role: true });
    } finally {
      await backend.sql("drop function public.catalog_probe_new()");
    }
  });

  it("fail the rules when a function leaves its search_path open, is granted to guests, or checks a permission by hand", async () => {
    const probes = [
      "create function public.catalog_probe_unpinned() returns integer language sql security definer as 'select 1'",
      "create function public.catalog_probe_guest() returns bigint language sql security definer set search_path = '' as 'select count(*) from public.bookings'",
      "grant execute on function public.catalog_probe_guest() to anon",
      `create function public.catalog_probe_by_hand() returns bigint language plpgsql security definer set search_path = '' as $$
       begin
         if not public.has_permission('bookings:read') then raise exception 'no' using errcode = 'insufficient_privilege'; end if;
         return (select count(*) from public.bookings);
       end $$`,
      "grant execute on function public.catalog_probe_by_hand() to authenticated",
    ];
    try {
      for (const statement of probes) await backend.sql(statement);
      expect(brokenRules(await appFunctions(backend))).toEqual({
        searchPathNotPinned: ["public.catalog_probe_unpinned"],
        callableByGuests: ["public.catalog_probe_guest"],
        noPermissionChecked: ["public.catalog_probe_by_hand", "public.catalog_probe_guest"],
        permissionCheckedByHand: ["public.catalog_probe_by_hand"],
      });
    } finally {
      for (const probe of ["catalog_probe_unpinned", "catalog_probe_guest", "catalog_probe_by_hand"])
        await backend.sql(`drop function if exists public.${probe}()`);
    }
  });
});
