import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, usingHostedBackend, type RestFixture } from "../testing/index.ts";

// Aggregate functions in select over rest-embedding.sql. Off by default, as on hosted Supabase; switched on
// by the SQL a Supabase user runs. Invoices: 120000 for move 1 (Ada's), 45000 for move 3 (Grace's).

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await startRestFixture();
});

afterAll(async () => {
  await fixture.close();
});

async function setAggregates(enabled: boolean): Promise<void> {
  await fixture.backend.sql(
    enabled ? "alter role authenticator set pgrst.db_aggregates_enabled = 'true'" : "alter role authenticator reset pgrst.db_aggregates_enabled",
  );
  await fixture.backend.sql("notify pgrst, 'reload config'");
}

describe("with Supabase's default settings", () => {
  it("refuses aggregate functions with 400 PGRST123", async () => {
    const { data, error, status } = await fixture.anon.from("emb_moves").select("count()");
    expect(status).toBe(400);
    expect(data).toBeNull();
    expect(error).toEqual({ code: "PGRST123", details: null, hint: null, message: "Use of aggregate functions is not allowed" });
    const embedded = await fixture.anon.from("emb_customers").select("name, emb_moves(id.max())");
    expect(embedded.error?.code).toBe("PGRST123");
  });

  it("still counts an embedded resource written rel(count), and the rows with select=count", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, emb_moves(count)").in("id", [1, 4]).order("id");
    expect(data).toEqual([
      { name: "Ada", emb_moves: [{ count: 2 }] },
      { name: "Margaret", emb_moves: [{ count: 0 }] },
    ]);
    const total = await fixture.anon.from("emb_movers").select("count");
    expect(total.data).toEqual([{ count: 3 }]);
  });
});

describe.skipIf(usingHostedBackend)("with pgrst.db_aggregates_enabled", () => {
  beforeAll(async () => {
    await setAggregates(true);
  });

  afterAll(async () => {
    await setAggregates(false);
  });

  it("counts, sums, averages and finds extremes over the whole result", async () => {
    const { data, error } = await fixture.anon
      .from("emb_invoices")
      .select("count(), total_cents.sum(), total_cents.avg(), total_cents.min(), total_cents.max()");
    expect(error).toBeNull();
    expect(data).toEqual([{ count: 2, sum: 165000, avg: 82500, min: 45000, max: 120000 }]);
    const response = await fixture.request("/emb_invoices?select=total_cents.avg()");
    expect(await response.text()).toBe('[{"avg":82500.000000000000}]');
  });

  it("groups by the other selected columns, under their aliases, with casts before and after", async () => {
    const { data } = await fixture.anon.from("emb_moves").select("customer:customer_id, moves:count(), last:id::text.max()::text").order("customer_id");
    expect(data).toEqual([
      { customer: 1, moves: 2, last: "2" },
      { customer: 2, moves: 1, last: "3" },
      { customer: 3, moves: 1, last: "4" },
    ]);
    const json = await fixture.anon.from("emb_moves").select("rooms:details->>rooms::int.sum()");
    expect(json.data).toEqual([{ rooms: 4 }]);
  });

  it("aggregates inside an embedded resource, per parent", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, emb_moves(count(), newest:moved_on.max())").in("id", [1, 4]).order("id");
    expect(data).toEqual([
      { name: "Ada", emb_moves: [{ count: 2, newest: "2025-06-15" }] },
      { name: "Margaret", emb_moves: [{ count: 0, newest: null }] },
    ]);
  });

  it("groups by an embedded resource", async () => {
    const { data } = await fixture.anon.from("emb_moves").select("moves:count(), emb_customers(name)").lte("customer_id", 2);
    // Grouped rows come in no particular order; ordering by the embedded column would not be grouped by.
    const rows = (data ?? []).map((row) => JSON.stringify(row)).sort();
    const expected = [
      { moves: 2, emb_customers: { name: "Ada" } },
      { moves: 1, emb_customers: { name: "Grace" } },
    ];
    expect(rows).toEqual(expected.map((row) => JSON.stringify(row)).sort());
  });

  it("aggregates a to-one spread's columns over the parent's rows, grouped by the rest", async () => {
    const { data } = await fixture.anon.from("emb_moves").select("status, ...emb_invoices(billed:total_cents.sum(), invoices:count())").order("status");
    expect(data).toEqual([
      { status: "cancelled", billed: null, invoices: 0 },
      { status: "completed", billed: 120000, invoices: 1 },
      { status: "confirmed", billed: 45000, invoices: 1 },
      { status: "pending", billed: null, invoices: 0 },
    ]);
    const named = await fixture.anon.from("emb_invoices").select("...emb_moves(status, id.count())").order("emb_moves(status)");
    expect(named.data).toEqual([
      { status: "completed", count: 1 },
      { status: "confirmed", count: 1 },
    ]);
  });

  it("refuses aggregates in a to-many spread with PGRST127, as PostgREST does", async () => {
    const { error, status } = await fixture.anon.from("emb_customers").select("name, ...emb_moves(id.count())");
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST127",
      details: "Aggregates are not implemented for one-to-many or many-to-many spreads.",
      hint: null,
      message: "Feature not implemented",
    });
  });
});
