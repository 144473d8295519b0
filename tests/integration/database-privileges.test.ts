import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";

// Rules every migration keeps, read from the catalog after all of them ran: a new table or function
// that forgets one fails here, not in production.

/** Security-definer functions a guest may call: the wizard's free days and times, with no personal data. */
const GUEST_CALLABLE = ["capacity_days", "capacity_slots", "schedule_business_hours"];

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("the schema's privileges", () => {
  it("keep row level security on every table in public", async () => {
    const open = await backend.sql<{ table: string }>(
      "select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1",
    );
    expect(open).toEqual([]);
  });

  it("let guests call no security-definer function but the wizard's capacity readers, and pin every one's search_path", async () => {
    const functions = await backend.sql<{ name: string; guest: boolean; pinned: boolean }>(
      `select p.proname as name,
              has_function_privilege('anon', p.oid, 'execute') as guest,
              coalesce(p.proconfig @> array['search_path=""'] or p.proconfig @> array['search_path='], false) as pinned
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef
        order by 1`,
    );
    expect(functions.length).toBeGreaterThan(10);
    expect(functions.filter((fn) => fn.guest && !GUEST_CALLABLE.includes(fn.name)).map((fn) => fn.name)).toEqual([]);
    expect(functions.filter((fn) => !fn.pinned).map((fn) => fn.name)).toEqual([]);
  });
});
