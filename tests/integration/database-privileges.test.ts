import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";

// Rules every migration keeps, read from the catalog after all of them ran: a new table that forgets
// one fails here, not in production. The functions' rules are in database-catalog.test.ts.

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
});
