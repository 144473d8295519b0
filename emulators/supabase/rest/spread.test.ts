import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, type RestFixture } from "../testing/index.ts";

// Spread embedded resources (`...rel(cols)`) over rest-embedding.sql: a to-one resource's columns join its
// parent's; a to-many resource's columns become arrays, one value per related row (PostgREST 13+).

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await startRestFixture();
});

afterAll(async () => {
  await fixture.close();
});

describe("to-one", () => {
  it("adds the related columns to the parent's, under their aliases, null when there is no row", async () => {
    const { data, error } = await fixture.anon.from("emb_moves").select("id, ...emb_customers(customer:name), ...emb_invoices(total_cents)").order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, customer: "Ada", total_cents: 120000 },
      { id: 2, customer: "Ada", total_cents: null },
      { id: 3, customer: "Grace", total_cents: 45000 },
      { id: 4, customer: "Linus", total_cents: null },
    ]);
  });

  it("spreads nested to-one resources into the top level", async () => {
    const { data } = await fixture.anon
      .from("emb_moves")
      .select("id, ...emb_customers(customer:name, ...referred_by(referrer:name))")
      .in("id", [1, 3])
      .order("id");
    expect(data).toEqual([
      { id: 1, customer: "Ada", referrer: null },
      { id: 3, customer: "Grace", referrer: "Ada" },
    ]);
  });

  it("keeps only parents with a related row with !inner", async () => {
    const { data } = await fixture.anon.from("emb_moves").select("id, ...emb_invoices!inner(total_cents)").order("id");
    expect(data).toEqual([
      { id: 1, total_cents: 120000 },
      { id: 3, total_cents: 45000 },
    ]);
  });
});

describe("to-many", () => {
  it("spreads each column as an array, [] when there are no rows", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, ...emb_moves(status, moved_on)").order("id");
    expect(data).toEqual([
      { name: "Ada", status: ["completed", "pending"], moved_on: ["2025-03-01", "2025-06-15"] },
      { name: "Grace", status: ["confirmed"], moved_on: ["2025-05-20"] },
      { name: "Linus", status: ["cancelled"], moved_on: [null] },
      { name: "Margaret", status: [], moved_on: [] },
    ]);
  });

  it("orders every array by the embedded resource's order, filters and spreads many-to-many", async () => {
    const { data } = await fixture.anon
      .from("emb_customers")
      .select("name, ...emb_moves(move:id, ...emb_invoices(total_cents), ...emb_movers(crew:name))")
      .order("id", { referencedTable: "emb_moves", ascending: false })
      .neq("emb_moves.status", "cancelled")
      .in("id", [1, 3]);
    expect(data).toEqual([
      { name: "Ada", move: [2, 1], total_cents: [null, 120000], crew: [["Kim"], ["Sam", "Kim"]] },
      { name: "Linus", move: [], total_cents: [], crew: [] },
    ]);
  });

  it("spreads every column with *, and renders arrays as PostgREST does", async () => {
    const response = await fixture.request("/emb_movers?select=name,...emb_moves(id,status)&id=eq.2");
    expect(await response.text()).toBe('[{"name":"Kim","id":[1, 2],"status":["completed", "pending"]}]');
    const { data } = await fixture.anon.from("emb_invoices").select("...emb_moves(*)").eq("id", 2);
    expect(data).toEqual([{ id: 3, customer_id: 2, origin_id: 3, destination_id: 1, status: "confirmed", moved_on: "2025-05-20", details: null }]);
  });

  it("filters parents by whether the spread resource has rows", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, ...emb_moves(status)").is("emb_moves", null);
    expect(data).toEqual([{ name: "Margaret", status: [] }]);
  });
});

describe("grammar", () => {
  it("refuses an alias on a spread with a parse error", async () => {
    const response = await fixture.request(`/emb_moves?select=${encodeURIComponent("id,who:...emb_customers(name)")}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PGRST100" });
  });
});
