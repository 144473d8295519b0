import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, usingHostedBackend, type RestFixture } from "../testing/index.ts";

const ITEMS = [
  {
    id: 1,
    name: "Moving box",
    category: "boxes",
    price_cents: 250,
    in_stock: true,
    tags: ["small", "cardboard"],
    sku: "BOX-S",
    details: { size: "small", dims: [40, 30] },
    released_on: "2024-01-15",
    rating: 4.5,
    views: 12,
  },
  {
    id: 2,
    name: "Large box",
    category: "boxes",
    price_cents: 450,
    in_stock: false,
    tags: ["large"],
    sku: "BOX-L",
    details: null,
    released_on: "2024-02-01",
    rating: null,
    views: 0,
  },
  {
    id: 3,
    name: "Tape",
    category: "supplies",
    price_cents: 300,
    in_stock: true,
    tags: null,
    sku: "TAPE,2",
    details: null,
    released_on: null,
    rating: 3,
    views: 0,
  },
  {
    id: 4,
    name: "Bubble wrap",
    category: "supplies",
    price_cents: 999,
    in_stock: true,
    tags: ["fragile"],
    sku: null,
    details: null,
    released_on: null,
    rating: null,
    views: 0,
  },
  {
    id: 5,
    name: "Piano dolly",
    category: "equipment",
    price_cents: 12000,
    in_stock: true,
    tags: null,
    sku: "DOLLY",
    details: null,
    released_on: null,
    rating: 5,
    views: 0,
  },
  {
    id: 6,
    name: "Blanket (quilted, blue)",
    category: "equipment",
    price_cents: 1500,
    in_stock: true,
    tags: null,
    sku: "BLANKET",
    details: null,
    released_on: null,
    rating: 4,
    views: 0,
  },
];

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await startRestFixture();
  const { error } = await fixture.service.from("rest_items").upsert(ITEMS);
  if (error) throw error;
});

afterAll(async () => {
  await fixture.close();
});

const ids = (rows: Array<{ id: number }> | null) => (rows ?? []).map((row) => row.id);

describe("select", () => {
  it("renders every type the way PostgREST does: numbers, ISO dates, jsonb objects, arrays", async () => {
    const { data, error, status } = await fixture.anon.from("rest_items").select("*").eq("id", 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([ITEMS[0]]);
  });

  it("returns the chosen columns under their aliases", async () => {
    const { data } = await fixture.anon.from("rest_items").select("id, label:name, price_cents").eq("id", 3);
    expect(data).toEqual([{ id: 3, label: "Tape", price_cents: 300 }]);
  });

  it("answers .single() with the object and .maybeSingle() with null when nothing matches", async () => {
    const single = await fixture.anon.from("rest_items").select("name").eq("sku", "DOLLY").single();
    expect(single.data).toEqual({ name: "Piano dolly" });
    const maybe = await fixture.anon.from("rest_items").select("name").eq("sku", "NONE").maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null, status: 200 });
  });

  it("answers .single() with 406 PGRST116 when not exactly one row matches", async () => {
    const none = await fixture.anon.from("rest_items").select("id").eq("id", 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: "PGRST116",
      details: "The result contains 0 rows",
      hint: null,
      message: "Cannot coerce the result to a single JSON object",
    });
    const two = await fixture.anon.from("rest_items").select("id").eq("category", "boxes").single();
    expect(two.status).toBe(406);
    expect(two.error?.details).toBe("The result contains 2 rows");
  });

  it("returns CSV with a header row", async () => {
    const { data } = await fixture.anon.from("rest_items").select("id,name").in("id", [3, 4]).order("id").csv();
    expect(data).toBe('id,name\n3,Tape\n4,"Bubble wrap"');
  });
});

describe("filters", () => {
  const query = () => fixture.anon.from("rest_items").select("id").order("id");

  it("compares with eq, neq, gt, gte, lt, lte", async () => {
    expect(ids((await query().eq("category", "boxes")).data)).toEqual([1, 2]);
    expect(ids((await query().neq("category", "boxes")).data)).toEqual([3, 4, 5, 6]);
    expect(ids((await query().gt("price_cents", 999)).data)).toEqual([5, 6]);
    expect(ids((await query().gte("price_cents", 999)).data)).toEqual([4, 5, 6]);
    expect(ids((await query().lt("price_cents", 300)).data)).toEqual([1]);
    expect(ids((await query().lte("price_cents", 300)).data)).toEqual([1, 3]);
    expect(ids((await query().gte("released_on", "2024-01-20")).data)).toEqual([2]);
  });

  it("matches patterns with like, ilike and regular expressions", async () => {
    expect(ids((await query().like("name", "%box")).data)).toEqual([1, 2]);
    expect(ids((await query().like("name", "*Box*")).data)).toEqual([]);
    expect(ids((await query().ilike("name", "%BOX%")).data)).toEqual([1, 2]);
    expect(ids((await query().ilikeAnyOf("name", ["tape", "piano%"])).data)).toEqual([3, 5]);
    expect(ids((await query().regexMatch("name", "^B")).data)).toEqual([4, 6]);
  });

  it("tests null and booleans with is, and negates with not", async () => {
    expect(ids((await query().is("rating", null)).data)).toEqual([2, 4]);
    expect(ids((await query().is("in_stock", false)).data)).toEqual([2]);
    expect(ids((await query().not("rating", "is", null)).data)).toEqual([1, 3, 5, 6]);
    expect(ids((await query().not("category", "eq", "boxes")).data)).toEqual([3, 4, 5, 6]);
  });

  it("matches lists with in, including values with commas and parentheses", async () => {
    expect(ids((await query().in("sku", ["TAPE,2", "BOX-S"])).data)).toEqual([1, 3]);
    expect(ids((await query().in("name", ["Blanket (quilted, blue)"])).data)).toEqual([6]);
    expect(ids((await query().in("id", [])).data)).toEqual([]);
    expect(ids((await query().notIn("category", ["boxes", "supplies"])).data)).toEqual([5, 6]);
  });

  it("checks arrays with contains and overlaps", async () => {
    expect(ids((await query().contains("tags", ["fragile"])).data)).toEqual([4]);
    expect(ids((await query().overlaps("tags", ["large", "small"])).data)).toEqual([1, 2]);
    expect(ids((await query().contains("details", { size: "small" })).data)).toEqual([1]);
  });

  it("compares fixed-length char and bit columns without truncating the value", async () => {
    await fixture.service.from("rest_codes").upsert([
      { code: "ABC", flags: "1010" },
      { code: "A", flags: "0001" },
    ]);
    const { data } = await fixture.anon.from("rest_codes").select("code, flags").eq("code", "ABC").eq("flags", "1010");
    expect(data).toEqual([{ code: "ABC", flags: "1010" }]);
    expect((await fixture.anon.from("rest_codes").select("code").eq("code", "AXY")).data).toEqual([]);
  });

  it("searches text with textSearch", async () => {
    expect(ids((await query().textSearch("name", "boxes", { type: "websearch", config: "english" })).data)).toEqual([1, 2]);
    expect(ids((await query().textSearch("name", "'piano' & 'dolly'", { config: "simple" })).data)).toEqual([5]);
  });

  it("combines alternatives with or, nested and, and several filters", async () => {
    const { data } = await query().or("price_cents.lt.300,and(category.eq.equipment,rating.gte.5)");
    expect(ids(data)).toEqual([1, 5]);
    const both = await query().or("category.eq.boxes,category.eq.supplies").or("rating.is.null,rating.gt.4");
    expect(ids(both.data)).toEqual([1, 2, 4]);
    const quoted = await query().or('name.eq."Blanket (quilted, blue)",sku.in.("TAPE,2")');
    expect(ids(quoted.data)).toEqual([3, 6]);
  });
});

describe("order, ranges and counts", () => {
  it("orders by several columns with nulls placement", async () => {
    const { data } = await fixture.anon
      .from("rest_items")
      .select("id")
      .order("rating", { ascending: false, nullsFirst: false })
      .order("id", { ascending: false });
    expect(ids(data)).toEqual([5, 1, 6, 3, 4, 2]);
    const nullsFirst = await fixture.anon.from("rest_items").select("id").order("rating", { nullsFirst: true }).order("id");
    expect(ids(nullsFirst.data)).toEqual([2, 4, 3, 6, 1, 5]);
  });

  it("pages with range and counts exactly, answering 206 for a partial page", async () => {
    const { data, count, status } = await fixture.anon.from("rest_items").select("id", { count: "exact" }).order("id").range(2, 3);
    expect(ids(data)).toEqual([3, 4]);
    expect(count).toBe(6);
    expect(status).toBe(206);
    const whole = await fixture.anon.from("rest_items").select("id", { count: "exact" }).eq("category", "boxes");
    expect(whole).toMatchObject({ count: 2, status: 200 });
  });

  it("counts exactly with count=estimated while the count stays within max-rows", async () => {
    const result = await fixture.anon.from("rest_items").select("id", { count: "estimated" }).eq("category", "supplies");
    expect(result.count).toBe(2);
  });

  it("answers HEAD with the count and no body", async () => {
    const { data, count, status } = await fixture.anon.from("rest_items").select("*", { count: "exact", head: true }).eq("in_stock", true);
    expect(data).toBeNull();
    expect(count).toBe(5);
    expect(status).toBe(200);
  });

  it("sends Content-Range like PostgREST", async () => {
    const partial = await fixture.request("/rest_items?select=id&order=id&limit=2&offset=1", { headers: { prefer: "count=exact" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("1-2/6");
    const uncounted = await fixture.request("/rest_items?select=id&order=id&limit=2&offset=1");
    expect(uncounted.status).toBe(200);
    expect(uncounted.headers.get("content-range")).toBe("1-2/*");
    const empty = await fixture.request("/rest_items?select=id&id=eq.99");
    expect(empty.headers.get("content-range")).toBe("*/*");
    const emptyCounted = await fixture.request("/rest_items?select=id&id=eq.99", { headers: { prefer: "count=exact" } });
    expect(emptyCounted.headers.get("content-range")).toBe("*/0");
    expect(await emptyCounted.json()).toEqual([]);
  });

  it("refuses an offset past the end when counting", async () => {
    const response = await fixture.request("/rest_items?select=id&offset=10", { headers: { prefer: "count=exact" } });
    expect(response.status).toBe(416);
    expect(await response.json()).toEqual({
      code: "PGRST103",
      details: "An offset of 10 was requested, but there are only 6 rows.",
      hint: null,
      message: "Requested range not satisfiable",
    });
  });

  it("caps every response at max_rows (1000)", async () => {
    const events = Array.from({ length: 1005 }, (_, index) => ({ name: `view-${index}` }));
    const { error } = await fixture.service.from("rest_events").insert(events);
    expect(error).toBeNull();
    const { data, count, status } = await fixture.service.from("rest_events").select("id", { count: "exact" }).limit(5000);
    expect(data).toHaveLength(1000);
    expect(count).toBe(1005);
    expect(status).toBe(206);
  });
});

describe("schema changes", () => {
  it.skipIf(usingHostedBackend)("finds tables and columns created after the first request", async () => {
    expect((await fixture.anon.from("rest_late").select()).status).toBe(404);
    await fixture.backend.sql("create table rest_late (id int primary key)");
    await fixture.backend.sql("insert into rest_late values (1)");
    expect((await fixture.anon.from("rest_late").select()).data).toEqual([{ id: 1 }]);
    await fixture.backend.sql("alter table rest_late add column label text default 'late'");
    expect((await fixture.anon.from("rest_late").select("id, label")).data).toEqual([{ id: 1, label: "late" }]);
  });
});

describe("errors", () => {
  it("answers an unknown table with 404 PGRST205, suggesting a close name", async () => {
    const { error, status } = await fixture.anon.from("rest_nope").select();
    expect(status).toBe(404);
    expect(error).toEqual({
      code: "PGRST205",
      details: null,
      hint: "Perhaps you meant the table 'public.rest_notes'",
      message: "Could not find the table 'public.rest_nope' in the schema cache",
    });
    const far = await fixture.anon.from("wardrobe_boxes").select();
    expect(far.error).toMatchObject({ code: "PGRST205", hint: null });
  });

  it("answers an unknown column in select or a filter with 400 42703", async () => {
    const selected = await fixture.anon.from("rest_items").select("id,colour");
    expect(selected.status).toBe(400);
    expect(selected.error).toMatchObject({ code: "42703", message: "column rest_items.colour does not exist" });
    const filtered = await fixture.anon.from("rest_items").select().eq("colour", "red");
    expect(filtered.error).toMatchObject({ code: "42703", message: "column rest_items.colour does not exist" });
  });

  it("answers a value of the wrong type with Postgres' 22P02", async () => {
    const { error, status } = await fixture.anon.from("rest_items").select().eq("id", "one");
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "22P02", message: 'invalid input syntax for type integer: "one"' });
  });

  it("answers a malformed filter with 400 PGRST100", async () => {
    const { error, status } = await fixture.anon
      .from("rest_items")
      .select()
      .not("id", "within" as "eq", 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "PGRST100", details: "unknown single value operator within" });
  });

  it("refuses a schema that is not exposed with 406 PGRST106", async () => {
    const { error, status } = await fixture.anon.schema("private").from("rest_items").select();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: "PGRST106",
      details: null,
      hint: "Only the following schemas are exposed: public, graphql_public",
      message: "Invalid schema: private",
    });
  });

  it("refuses writes inside a read (GET runs read-only)", async () => {
    const { error, status } = await fixture.service.rpc("rest_bump_views", { _id: 1 }, { get: true });
    expect(status).toBe(405);
    expect(error).toMatchObject({ code: "25006", message: "cannot execute UPDATE in a read-only transaction" });
  });
});
