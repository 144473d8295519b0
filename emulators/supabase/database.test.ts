import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseEmulator, type SupabaseEmulator } from "./index.ts";

// The database lives in the web server's process and its WebAssembly memory never shrinks: its
// shared memory is sized for one connection, yet a transaction may still lock many objects.
describe("the embedded database's memory", () => {
  let emulator: SupabaseEmulator;

  beforeAll(async () => {
    emulator = await createSupabaseEmulator({ url: "http://localhost:54321" });
  });
  afterAll(async () => {
    await emulator.close();
  });

  const setting = async (name: string) => (await emulator.db.pg.query<Record<string, string>>(`show ${name}`)).rows[0]![name];

  it("holds 4 MB of shared buffers and less than 12 MB of shared memory in all", async () => {
    expect(await setting("shared_buffers")).toBe("4MB");
    expect(Number.parseInt((await setting("shared_memory_size"))!, 10)).toBeLessThan(12);
  });

  it("lets one transaction lock several hundred tables", async () => {
    await emulator.db.pg.transaction(async (tx) => {
      for (let table = 0; table < 400; table++) await tx.exec(`create table lock_probe_${table} (id int)`);
      await tx.rollback();
    });
    expect((await emulator.db.pg.query("select 1 from pg_tables where tablename = 'lock_probe_0'")).rows).toEqual([]);
  });
});
