import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, type RestFixture } from "../testing/index.ts";

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await startRestFixture();
  const { error } = await fixture.service.from("rest_items").upsert([
    { id: 1, name: "Moving box", category: "boxes", price_cents: 250, in_stock: true },
    { id: 2, name: "Large box", category: "boxes", price_cents: 450, in_stock: false },
    { id: 3, name: "Wardrobe box", category: "boxes", price_cents: 900, in_stock: true },
    { id: 4, name: "Tape", category: "supplies", price_cents: 300, in_stock: true },
  ]);
  if (error) throw error;
});

afterAll(async () => {
  await fixture.close();
});

describe("calling functions", () => {
  it("passes named arguments, applies defaults and returns a scalar as JSON", async () => {
    expect(await fixture.anon.rpc("rest_add", { a: 2 })).toMatchObject({ data: 3, error: null, status: 200 });
    expect((await fixture.anon.rpc("rest_add", { a: 2, b: 5 })).data).toBe(7);
  });

  it("takes arguments from the query string with GET", async () => {
    expect((await fixture.anon.rpc("rest_add", { a: 20, b: 1 }, { get: true })).data).toBe(21);
  });

  it("casts arguments to the declared types, arrays included", async () => {
    expect((await fixture.anon.rpc("rest_sum", { numbers: [1, 2, 3] })).data).toBe(6);
    expect((await fixture.anon.rpc("rest_sum", { numbers: [4, 5] }, { get: true })).data).toBe(9);
    const wrong = await fixture.anon.rpc("rest_add", { a: "two" });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({ code: "22P02", message: 'invalid input syntax for type integer: "two"' });
  });

  it("returns a set of rows as an array that filters, order, range and count apply to", async () => {
    const all = await fixture.anon.rpc("rest_items_in", { _category: "boxes" }).select("id, name");
    expect(all.data).toEqual([
      { id: 1, name: "Moving box" },
      { id: 2, name: "Large box" },
      { id: 3, name: "Wardrobe box" },
    ]);
    const filtered = await fixture.anon
      .rpc("rest_items_in", { _category: "boxes" }, { count: "exact" })
      .select("id")
      .eq("in_stock", true)
      .order("id", { ascending: false })
      .range(0, 0);
    expect(filtered).toMatchObject({ data: [{ id: 3 }], count: 2, status: 206 });
    const single = await fixture.anon.rpc("rest_items_in", { _category: "supplies" }).select("name").single();
    expect(single.data).toEqual({ name: "Tape" });
  });

  it("returns a single composite as an object", async () => {
    const { data } = await fixture.anon.rpc("rest_item", { _id: 4 }).select("id, name, price_cents");
    expect(data).toEqual({ id: 4, name: "Tape", price_cents: 300 });
  });

  it("returns a table function's rows as objects", async () => {
    const { client } = await fixture.signUp("moods");
    await client.from("rest_notes").insert([
      { title: "Packed", mood: "happy" },
      { title: "Lost keys", mood: "sad" },
    ]);
    const { data } = await client.rpc("rest_moods");
    expect(data).toEqual([
      { mood: "happy", notes: 1 },
      { mood: "sad", notes: 1 },
    ]);
  });

  it("answers a void function with 204 and applies its effect", async () => {
    const result = await fixture.service.rpc("rest_bump_views", { _id: 1 });
    expect(result).toMatchObject({ data: null, error: null, status: 204 });
    const { data } = await fixture.service.from("rest_items").select("views").eq("id", 1).single();
    expect(data).toEqual({ views: 1 });
  });

  it("casts uuid and enum arguments, as a role check (_user_id, _role) needs", async () => {
    const { user, client } = await fixture.signUp("typed");
    await client.from("rest_notes").insert({ title: "Boxes packed", mood: "happy" });
    expect((await fixture.anon.rpc("rest_has_note", { _owner_id: user.id, _mood: "happy" })).data).toBe(true);
    expect((await fixture.anon.rpc("rest_has_note", { _owner_id: user.id, _mood: "sad" }, { get: true })).data).toBe(false);
    const invalid = await fixture.anon.rpc("rest_has_note", { _owner_id: user.id, _mood: "angry" });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: "22P02", message: 'invalid input value for enum rest_mood: "angry"' });
  });

  it("runs a security definer function past row level security", async () => {
    const author = await fixture.signUp("definer");
    await author.client.from("rest_notes").insert({ title: "Mine" });
    const reader = await fixture.signUp("reader");
    const visible = await reader.client.from("rest_notes").select("id");
    expect(visible.data).toEqual([]);
    const { data } = await reader.client.rpc("rest_note_total");
    expect(data).toBeGreaterThanOrEqual(1);
  });
});

describe("function errors", () => {
  it("answers an unknown function with 404 PGRST202", async () => {
    const { error, status } = await fixture.anon.rpc("rest_nope", { b: 1, a: 2 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: "PGRST202",
      details:
        "Searched for the function public.rest_nope with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
      hint: null,
      message: "Could not find the function public.rest_nope(a, b) in the schema cache",
    });
  });

  it("answers arguments that match no overload with PGRST202", async () => {
    const unknown = await fixture.anon.rpc("rest_add", { c: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe("Could not find the function public.rest_add(c) in the schema cache");
    const missing = await fixture.anon.rpc("rest_add", {}, { get: true });
    expect(missing.error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.rest_add without parameters in the schema cache",
      details: "Searched for the function public.rest_add without parameters, but no matches were found in the schema cache.",
    });
  });

  it("answers RAISE EXCEPTION with 400 P0001 and its message", async () => {
    const { error, status } = await fixture.anon.rpc("rest_refuse", { reason: "No slots left on that day" });
    expect(status).toBe(400);
    expect(error).toEqual({ code: "P0001", details: null, hint: null, message: "No slots left on that day" });
  });

  it("lets SQL choose status, body and headers with RAISE SQLSTATE 'PGRST'", async () => {
    const { error, status } = await fixture.anon.rpc("rest_require_deposit");
    expect(status).toBe(402);
    expect(error).toEqual({ code: "DEPOSIT", details: null, hint: "Pay the deposit first", message: "A deposit is required" });
    const response = await fixture.request("/rpc/rest_require_deposit", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.headers.get("x-deposit")).toBe("required");
  });
});
