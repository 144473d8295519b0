import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, type RestFixture } from "../testing/index.ts";

// Prefer: max-affected with handling=strict, and the Preference-Applied header, as PostgREST 13+ answers them.

let fixture: RestFixture;
/** Each test writes its own ids, so tests stay independent on a shared database. */
let nextId = 3000 + Math.floor(Math.random() * 1000) * 100;
const newId = () => nextId++;

beforeAll(async () => {
  fixture = await startRestFixture();
});

afterAll(async () => {
  await fixture.close();
});

async function items(category: string, count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, newId);
  const { error } = await fixture.service.from("rest_items").insert(ids.map((id) => ({ id, name: `Box ${id}`, category, price_cents: 100 })));
  if (error) throw error;
  return ids;
}

async function prices(ids: number[]): Promise<number[]> {
  const { data, error } = await fixture.service.from("rest_items").select("price_cents").in("id", ids).order("id");
  if (error) throw error;
  return data.map((row) => row.price_cents as number);
}

/** A raw request with the service role, for headers supabase-js does not expose. */
function asService(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const key = fixture.backend.serviceRoleKey;
  return fixture.request(path, { ...init, headers: { apikey: key, authorization: `Bearer ${key}`, ...init.headers } });
}

/** supabase-js types maxAffected() only for clients whose generated types declare PostgREST 13+ (the app's
 *  do); at run time it adds `Prefer: handling=strict, max-affected=N` to any update, delete or call. */
function maxAffected<T extends { maxAffected(rows: number): unknown }>(builder: T, rows: number): T {
  return builder.maxAffected(rows) as unknown as T;
}

const VIOLATION = (rows: number) => ({
  code: "PGRST124",
  details: `The query affects ${rows} rows`,
  hint: null,
  message: "Query result exceeds max-affected preference constraint",
});

describe("max-affected", () => {
  it("refuses an update touching more rows than allowed, and changes nothing", async () => {
    const category = `update-${newId()}`;
    const ids = await items(category, 3);
    const { error, status } = await maxAffected(fixture.service.from("rest_items").update({ price_cents: 999 }).eq("category", category), 2);
    expect(status).toBe(400);
    expect(error).toEqual(VIOLATION(3));
    expect(await prices(ids)).toEqual([100, 100, 100]);
  });

  it("lets an update within the limit through, and reports the preference applied", async () => {
    const category = `within-${newId()}`;
    const ids = await items(category, 2);
    const response = await asService(`/rest_items?category=eq.${category}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "handling=strict, max-affected=2" },
      body: JSON.stringify({ price_cents: 150 }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("preference-applied")).toBe("handling=strict, max-affected=2");
    expect(await prices(ids)).toEqual([150, 150]);
  });

  it("refuses a delete touching more rows than allowed, and deletes nothing", async () => {
    const category = `delete-${newId()}`;
    const ids = await items(category, 2);
    const response = await asService(`/rest_items?category=eq.${category}`, {
      method: "DELETE",
      headers: { prefer: "return=representation,handling=strict,max-affected=1" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(VIOLATION(2));
    expect(await prices(ids)).toEqual([100, 100]);
  });

  it("is ignored without handling=strict, as PostgREST does", async () => {
    const category = `lenient-${newId()}`;
    const ids = await items(category, 2);
    const response = await asService(`/rest_items?category=eq.${category}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "max-affected=1" },
      body: JSON.stringify({ price_cents: 175 }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("preference-applied")).toBeNull();
    expect(await prices(ids)).toEqual([175, 175]);
  });

  it("refuses a function call whose result has more rows than allowed, rolling back what it did", async () => {
    const category = `rpc-${newId()}`;
    await items(category, 3);
    const { error, status } = await maxAffected(fixture.service.rpc("rest_items_in", { _category: category }), 2);
    expect(status).toBe(400);
    expect(error).toEqual(VIOLATION(3));
    const allowed = await maxAffected(fixture.service.rpc("rest_items_in", { _category: category }), 3);
    expect(allowed.data).toHaveLength(3);
    const bumped = newId();
    await fixture.service.from("rest_items").insert({ id: bumped, name: "Dolly", category: `bump-${bumped}`, price_cents: 1 });
    const before = await fixture.service.from("rest_items").select("views").eq("id", bumped).single();
    const single = await maxAffected(fixture.service.rpc("rest_bump_views", { _id: bumped }), 0);
    expect(single.status).toBe(400);
    expect(single.error).toEqual({
      code: "PGRST128",
      details: null,
      hint: null,
      message: "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    });
    const after = await fixture.service.from("rest_items").select("views").eq("id", bumped).single();
    expect(after.data).toEqual(before.data);
  });
});

describe("Preference-Applied", () => {
  it("lists the preferences a write honoured, in PostgREST's order, the first of repeated ones winning", async () => {
    const id = newId();
    const response = await asService("/rest_items?select=id", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        prefer: "count=exact, return=representation, missing=default, resolution=merge-duplicates, return=minimal",
      },
      body: JSON.stringify({ id, name: "Crate", price_cents: 5 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("preference-applied")).toBe("resolution=merge-duplicates, missing=default, return=representation, count=exact");
    expect(response.headers.get("content-range")).toBe("*/1");
    expect(await response.json()).toEqual([{ id }]);
  });

  it("refuses unknown preferences with handling=strict, and ignores them otherwise", async () => {
    const strict = await asService("/rest_items?select=id&limit=1", { headers: { prefer: "handling=strict, fast=please" } });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toEqual({
      code: "PGRST122",
      details: "Invalid preferences: fast=please",
      hint: null,
      message: "Invalid preferences given with handling=strict",
    });
    const lenient = await asService("/rest_items?select=id&limit=1", { headers: { prefer: "handling=lenient, fast=please" } });
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get("preference-applied")).toBe("handling=lenient");
  });
});
