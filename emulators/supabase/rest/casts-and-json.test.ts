import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, type RestFixture } from "../testing/index.ts";

// Casts in select and JSON paths in select, filters and order, named as PostgREST names them.

let fixture: RestFixture;

const ITEMS = [
  {
    id: 1,
    name: "Moving box",
    price_cents: 250,
    tags: ["small", "cardboard"],
    details: { size: "small", dims: [40, 30] },
    released_on: "2024-01-15",
    rating: 4.5,
  },
  { id: 2, name: "Large box", price_cents: 450, tags: ["large"], details: { size: "large", dims: [60, 40], fragile: false }, released_on: null, rating: 3.4 },
  { id: 3, name: "Tape", price_cents: 300, tags: null, details: null, released_on: null, rating: null },
];

beforeAll(async () => {
  fixture = await startRestFixture();
  const { error } = await fixture.service.from("rest_items").upsert(ITEMS);
  if (error) throw error;
});

afterAll(async () => {
  await fixture.close();
});

describe("JSON paths", () => {
  it("selects into jsonb and other columns, named by the last key (or the column, after an index)", async () => {
    const { data, error } = await fixture.anon
      .from("rest_items")
      .select("id, details->size, details->>size, width:details->dims->0, details->dims->>1, tags->0")
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, size: "small", width: 40, dims: "30", tags: "small" },
      { id: 2, size: "large", width: 60, dims: "40", tags: "large" },
      { id: 3, size: null, width: null, dims: null, tags: null },
    ]);
  });

  it("renders a selected jsonb value as Postgres writes jsonb", async () => {
    const response = await fixture.request("/rest_items?select=id,details->dims&id=eq.1");
    expect(await response.text()).toBe('[{"id":1,"dims":[40, 30]}]');
  });

  it("filters with ->> as text and -> as jsonb, also inside or", async () => {
    const text = await fixture.anon.from("rest_items").select("id").eq("details->>size", "large");
    expect(text.data).toEqual([{ id: 2 }]);
    const json = await fixture.anon.from("rest_items").select("id").eq("details->dims->0", 40);
    expect(json.data).toEqual([{ id: 1 }]);
    const either = await fixture.anon.from("rest_items").select("id").or("details->>size.eq.small,details->fragile.eq.false").order("id");
    expect(either.data).toEqual([{ id: 1 }, { id: 2 }]);
    const arrays = await fixture.anon.from("rest_items").select("id").eq("tags->>0", "large");
    expect(arrays.data).toEqual([{ id: 2 }]);
  });

  it("orders by a JSON path", async () => {
    const { data } = await fixture.anon.from("rest_items").select("id").order("details->dims->0", { ascending: false, nullsFirst: false });
    expect(data).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }]);
  });

  it("reads JSON paths of embedded resources", async () => {
    const { data } = await fixture.anon
      .from("emb_customers")
      .select("name, emb_moves(rooms:details->rooms, details->items->>piano)")
      .eq("emb_moves.details->items->>piano", "true")
      .eq("id", 1);
    expect(data).toEqual([{ name: "Ada", emb_moves: [{ rooms: 3, piano: "true" }] }]);
  });

  it("answers ->> followed by -> with Postgres' 42883 (404), as PostgREST does", async () => {
    const response = await fixture.request("/rest_items?select=details->>size->x");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: "42883",
      details: null,
      hint: "No operator matches the given name and argument types. You might need to add explicit type casts.",
      message: "operator does not exist: text -> unknown",
    });
  });

  it("refuses a malformed path with PostgREST's parser errors", async () => {
    const response = await fixture.request("/rest_items?select=details->>--34");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "PGRST100",
      details: 'unexpected "-" expecting digit',
      hint: null,
      message: '"failed to parse select parameter (details->>--34)" (line 1, column 12)',
    });
  });
});

describe("casts", () => {
  it("casts selected columns, keeping the column's name unless aliased", async () => {
    const { data } = await fixture.anon
      .from("rest_items")
      .select("id::text, price:price_cents::text, rating::int, released_on::text, details->dims->>0::int")
      .in("id", [1, 2])
      .order("id");
    expect(data).toEqual([
      { id: "1", price: "250", rating: 5, released_on: "2024-01-15", dims: 40 },
      { id: "2", price: "450", rating: 3, released_on: null, dims: 60 },
    ]);
  });

  it("answers a value the cast cannot take with Postgres' error", async () => {
    const { error, status } = await fixture.anon.from("rest_items").select("name::integer").eq("id", 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "22P02", message: 'invalid input syntax for type integer: "Moving box"' });
  });

  it("answers an unknown type with Postgres' 42704", async () => {
    const { error, status } = await fixture.anon.from("rest_items").select("id::money_bag");
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "42704", message: 'type "money_bag" does not exist' });
  });
});
