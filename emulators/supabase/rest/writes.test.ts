import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, type RestFixture } from "../testing/index.ts";

let fixture: RestFixture;
/** Each test writes its own ids, so tests stay independent on a shared database. */
let nextId = 1000 + Math.floor(Math.random() * 1000) * 100;
const newId = () => nextId++;

beforeAll(async () => {
  fixture = await startRestFixture();
});

afterAll(async () => {
  await fixture.close();
});

function item(id: number, extra: Record<string, unknown> = {}) {
  return { id, name: `Item ${id}`, price_cents: 100, ...extra };
}

async function itemsWithIds(...idList: number[]) {
  const { data, error } = await fixture.service.from("rest_items").select("id,name,price_cents,in_stock").in("id", idList).order("id");
  if (error) throw error;
  return data;
}

describe("insert", () => {
  it("inserts one object and answers 201 with no body by default", async () => {
    const id = newId();
    const result = await fixture.service.from("rest_items").insert(item(id));
    expect(result).toMatchObject({ status: 201, data: null, error: null });
    expect(await itemsWithIds(id)).toEqual([{ id, name: `Item ${id}`, price_cents: 100, in_stock: true }]);
  });

  it("returns the inserted rows, defaults included, with .select()", async () => {
    const id = newId();
    const { data, status } = await fixture.service
      .from("rest_items")
      .insert({ id, name: "Crate", price_cents: 700, details: { lid: true }, tags: ["wood"] })
      .select("id, name, in_stock, views, details, tags")
      .single();
    expect(status).toBe(201);
    expect(data).toEqual({ id, name: "Crate", in_stock: true, views: 0, details: { lid: true }, tags: ["wood"] });
  });

  it("inserts arrays; keys missing from a row become null unless defaultToNull is false", async () => {
    const [a, b, c, d] = [newId(), newId(), newId(), newId()];
    const nulls = await fixture.service.from("rest_items").insert([item(a, { in_stock: false }), item(b)]);
    expect(nulls.status).toBe(400);
    expect(nulls.error).toMatchObject({
      code: "23502",
      message: 'null value in column "in_stock" of relation "rest_items" violates not-null constraint',
    });
    const defaults = await fixture.service
      .from("rest_items")
      .insert([item(c, { in_stock: false }), item(d)], { defaultToNull: false })
      .select("id, in_stock");
    expect(defaults.data).toEqual([
      { id: c, in_stock: false },
      { id: d, in_stock: true },
    ]);
  });

  it("accepts an empty array", async () => {
    expect(await fixture.service.from("rest_items").insert([]).select()).toMatchObject({ status: 201, data: [], error: null });
  });

  it("counts inserted rows and reports them in Content-Range", async () => {
    const { count, status } = await fixture.service.from("rest_items").insert([item(newId()), item(newId())], { count: "exact" });
    expect(status).toBe(201);
    expect(count).toBe(2);
    const response = await fixture.request("/rest_items", {
      method: "POST",
      headers: { authorization: `Bearer ${fixture.backend.serviceRoleKey}`, "content-type": "application/json" },
      body: JSON.stringify(item(newId())),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-range")).toBe("*/*");
    expect(await response.text()).toBe("");
  });

  it("answers an unknown column in the payload with 400 PGRST204", async () => {
    const { error, status } = await fixture.service.from("rest_items").insert({ ...item(newId()), colour: "red" });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST204",
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'rest_items' in the schema cache",
    });
  });

  it("answers constraint violations with Postgres' codes and PostgREST's statuses", async () => {
    const id = newId();
    await fixture.service.from("rest_items").insert(item(id));
    const duplicate = await fixture.service.from("rest_items").insert(item(id));
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toEqual({
      code: "23505",
      details: `Key (id)=(${id}) already exists.`,
      hint: null,
      message: 'duplicate key value violates unique constraint "rest_items_pkey"',
    });
    const orphan = await fixture.service.from("rest_reviews").insert({ item_id: -1, stars: 3 });
    expect(orphan.status).toBe(409);
    expect(orphan.error?.code).toBe("23503");
    const negative = await fixture.service.from("rest_items").insert(item(newId(), { price_cents: -5 }));
    expect(negative.status).toBe(400);
    expect(negative.error).toMatchObject({
      code: "23514",
      message: 'new row for relation "rest_items" violates check constraint "rest_items_price_cents_check"',
    });
  });

  it("answers a body that is not JSON with 400 PGRST102", async () => {
    const response = await fixture.request("/rest_items", {
      method: "POST",
      headers: { authorization: `Bearer ${fixture.backend.serviceRoleKey}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "PGRST102", details: null, hint: null, message: "Empty or invalid json" });
  });

  it("rolls the insert back when .single() gets more than one row", async () => {
    const [a, b] = [newId(), newId()];
    const { error, status } = await fixture.service
      .from("rest_items")
      .insert([item(a), item(b)])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: "PGRST116", details: "The result contains 2 rows" });
    expect(await itemsWithIds(a, b)).toEqual([]);
  });
});

describe("upsert", () => {
  it("merges duplicates on the primary key", async () => {
    const id = newId();
    await fixture.service.from("rest_items").insert(item(id));
    const { data } = await fixture.service.from("rest_items").upsert({ id, name: "Renamed", price_cents: 150 }).select("id, name, price_cents");
    expect(data).toEqual([{ id, name: "Renamed", price_cents: 150 }]);
  });

  it("ignores duplicates when asked", async () => {
    const id = newId();
    await fixture.service.from("rest_items").insert(item(id));
    const { data } = await fixture.service.from("rest_items").upsert({ id, name: "Ignored", price_cents: 1 }, { ignoreDuplicates: true }).select("id");
    expect(data).toEqual([]);
    expect(await itemsWithIds(id)).toEqual([{ id, name: `Item ${id}`, price_cents: 100, in_stock: true }]);
  });

  it("conflicts on the on_conflict columns", async () => {
    const [first, second] = [newId(), newId()];
    const sku = `SKU-${first}`;
    await fixture.service.from("rest_items").insert(item(first, { sku }));
    const { error } = await fixture.service
      .from("rest_items")
      .upsert({ id: second, sku, name: "Same sku", price_cents: 9 }, { onConflict: "sku", ignoreDuplicates: true });
    expect(error).toBeNull();
    expect(await itemsWithIds(first, second)).toEqual([{ id: first, name: `Item ${first}`, price_cents: 100, in_stock: true }]);
  });
});

describe("update", () => {
  it("updates the filtered rows: 204 without a body, 200 with .select()", async () => {
    const [a, b] = [newId(), newId()];
    await fixture.service.from("rest_items").insert([item(a), item(b)]);
    const minimal = await fixture.service.from("rest_items").update({ price_cents: 120 }).eq("id", a);
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    const { data, status, count } = await fixture.service
      .from("rest_items")
      .update({ in_stock: false }, { count: "exact" })
      .in("id", [a, b])
      .select("id, price_cents, in_stock");
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toEqual([
      { id: a, price_cents: 120, in_stock: false },
      { id: b, price_cents: 100, in_stock: false },
    ]);
  });

  it("filters by columns the representation does not return", async () => {
    const id = newId();
    await fixture.service.from("rest_items").insert(item(id, { sku: `SKU-${id}` }));
    const { data } = await fixture.service.from("rest_items").update({ views: 3 }).eq("sku", `SKU-${id}`).select("id");
    expect(data).toEqual([{ id }]);
    const removed = await fixture.service.from("rest_items").delete().eq("sku", `SKU-${id}`).select("views");
    expect(removed.data).toEqual([{ views: 3 }]);
  });

  it("answers .single() on no row with 406", async () => {
    const { error, status } = await fixture.service.from("rest_items").update({ name: "x" }).eq("id", -1).select().single();
    expect(status).toBe(406);
    expect(error?.details).toBe("The result contains 0 rows");
  });

  it("refuses an update without filters, like Supabase's safeupdate", async () => {
    const { error, status } = await fixture.service.from("rest_items").update({ in_stock: true });
    expect(status).toBe(400);
    expect(error).toEqual({ code: "21000", details: null, hint: null, message: "UPDATE requires a WHERE clause" });
  });

  it("answers an unknown column in the payload with PGRST204", async () => {
    const { error } = await fixture.service.from("rest_items").update({ colour: "red" }).eq("id", 1);
    expect(error).toMatchObject({ code: "PGRST204", message: "Could not find the 'colour' column of 'rest_items' in the schema cache" });
  });
});

describe("delete", () => {
  it("deletes the filtered rows: 204, or 200 with the deleted rows", async () => {
    const [a, b, c] = [newId(), newId(), newId()];
    await fixture.service.from("rest_items").insert([item(a), item(b), item(c)]);
    const minimal = await fixture.service.from("rest_items").delete().eq("id", a);
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    const { data, status } = await fixture.service.from("rest_items").delete().in("id", [b, c]).select("id").order("id");
    expect(status).toBe(200);
    expect(data).toEqual([{ id: b }, { id: c }]);
    expect(await itemsWithIds(a, b, c)).toEqual([]);
  });

  it("refuses a delete without filters", async () => {
    const { error, status } = await fixture.service.from("rest_items").delete();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "21000", message: "DELETE requires a WHERE clause" });
  });
});
