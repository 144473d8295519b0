import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, usingHostedBackend, type RestFixture } from "../testing/index.ts";

// Resource embedding over rest-embedding.sql: customers (1 Ada, 2 Grace referred by Ada, 3 Linus referred by
// Ada, 4 Margaret), moves (1 and 2 Ada's, 3 Grace's, 4 Linus'), each move's origin and destination address,
// an invoice for moves 1 and 3, crews (move 1: Sam, Kim; move 2: Kim; move 3: Lee) and a view of moves.

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await startRestFixture();
});

afterAll(async () => {
  await fixture.close();
});

describe("relationships found from foreign keys", () => {
  it("embeds a many-to-one resource as an object, and null when the key is null", async () => {
    const { data, error, status } = await fixture.anon.from("emb_moves").select("id, emb_customers(name), origin:emb_addresses!origin_id(city)").order("id");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, emb_customers: { name: "Ada" }, origin: { city: "Boston" } },
      { id: 2, emb_customers: { name: "Ada" }, origin: { city: "Chicago" } },
      { id: 3, emb_customers: { name: "Grace" }, origin: { city: "Denver" } },
      { id: 4, emb_customers: { name: "Linus" }, origin: null },
    ]);
  });

  it("embeds a one-to-many resource as an array, [] when there are no rows", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, emb_moves(id, status)").order("id");
    expect(data).toEqual([
      {
        name: "Ada",
        emb_moves: [
          { id: 1, status: "completed" },
          { id: 2, status: "pending" },
        ],
      },
      { name: "Grace", emb_moves: [{ id: 3, status: "confirmed" }] },
      { name: "Linus", emb_moves: [{ id: 4, status: "cancelled" }] },
      { name: "Margaret", emb_moves: [] },
    ]);
  });

  it("embeds a one-to-one resource as an object or null, from either side", async () => {
    const moves = await fixture.anon.from("emb_moves").select("id, emb_invoices(total_cents)").order("id");
    expect(moves.data).toEqual([
      { id: 1, emb_invoices: { total_cents: 120000 } },
      { id: 2, emb_invoices: null },
      { id: 3, emb_invoices: { total_cents: 45000 } },
      { id: 4, emb_invoices: null },
    ]);
    const invoices = await fixture.anon.from("emb_invoices").select("id, emb_moves(status)").order("id");
    expect(invoices.data).toEqual([
      { id: 1, emb_moves: { status: "completed" } },
      { id: 2, emb_moves: { status: "confirmed" } },
    ]);
  });

  it("embeds many-to-many through the junction table, or the junction itself", async () => {
    const crews = await fixture.anon.from("emb_moves").select("id, emb_movers(name)").order("id");
    expect(crews.data).toEqual([
      { id: 1, emb_movers: [{ name: "Sam" }, { name: "Kim" }] },
      { id: 2, emb_movers: [{ name: "Kim" }] },
      { id: 3, emb_movers: [{ name: "Lee" }] },
      { id: 4, emb_movers: [] },
    ]);
    const hinted = await fixture.anon.from("emb_movers").select("name, emb_moves!emb_move_crews(id)").eq("id", 2);
    expect(hinted.data).toEqual([{ name: "Kim", emb_moves: [{ id: 1 }, { id: 2 }] }]);
    const junction = await fixture.anon.from("emb_moves").select("id, emb_move_crews(emb_movers(name))").eq("id", 1);
    expect(junction.data).toEqual([{ id: 1, emb_move_crews: [{ emb_movers: { name: "Sam" } }, { emb_movers: { name: "Kim" } }] }]);
  });

  it("follows a self-reference: the column's name is many-to-one, the table's name one-to-many", async () => {
    const { data } = await fixture.anon
      .from("emb_customers")
      .select("name, referred_by(name), referrals:emb_customers!referred_by(name)")
      .in("id", [1, 2])
      .order("id");
    expect(data).toEqual([
      { name: "Ada", referred_by: null, referrals: [{ name: "Grace" }, { name: "Linus" }] },
      { name: "Grace", referred_by: { name: "Ada" }, referrals: [] },
    ]);
  });

  it("finds relationships of a view through the columns it shows", async () => {
    const customers = await fixture.anon.from("emb_customers").select("name, emb_move_summaries(id, status)").eq("id", 2);
    expect(customers.data).toEqual([{ name: "Grace", emb_move_summaries: [{ id: 3, status: "confirmed" }] }]);
    const summaries = await fixture.anon.from("emb_move_summaries").select("id, client_id, emb_customers(name)").eq("id", 4);
    expect(summaries.data).toEqual([{ id: 4, client_id: 3, emb_customers: { name: "Linus" } }]);
  });

  it("nests several levels deep, with aliases at every level", async () => {
    const { data } = await fixture.anon
      .from("emb_customers")
      .select("name, moves:emb_moves(id, crew:emb_movers(name), bill:emb_invoices(total_cents), to:emb_addresses!destination_id(city))")
      .eq("id", 1);
    expect(data).toEqual([
      {
        name: "Ada",
        moves: [
          { id: 1, crew: [{ name: "Sam" }, { name: "Kim" }], bill: { total_cents: 120000 }, to: { city: "Chicago" } },
          { id: 2, crew: [{ name: "Kim" }], bill: null, to: { city: "Denver" } },
        ],
      },
    ]);
  });

  it("renders embedded rows as PostgREST does, byte for byte (jsonb inside json)", async () => {
    const response = await fixture.request("/emb_customers?select=id,emb_moves(id,status)&id=in.(2,4)&order=id");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.text()).toBe('[{"id":2,"emb_moves":[{"id": 3, "status": "confirmed"}]}, \n {"id":4,"emb_moves":[]}]');
  });
});

describe("errors", () => {
  it("answers an ambiguous embed with 300 PGRST201, listing the candidates and how to name each", async () => {
    const { data, error, status } = await fixture.anon.from("emb_moves").select("id, emb_addresses(city)");
    expect(status).toBe(300);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: "PGRST201",
      details: [
        {
          cardinality: "many-to-one",
          embedding: "emb_moves with emb_addresses",
          relationship: "emb_moves_destination_fkey using emb_moves(destination_id) and emb_addresses(id)",
        },
        {
          cardinality: "many-to-one",
          embedding: "emb_moves with emb_addresses",
          relationship: "emb_moves_origin_fkey using emb_moves(origin_id) and emb_addresses(id)",
        },
      ],
      hint: "Try changing 'emb_addresses' to one of the following: 'emb_addresses!emb_moves_destination_fkey', 'emb_addresses!emb_moves_origin_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'emb_moves' and 'emb_addresses'",
    });
  });

  it("answers a missing relationship with 400 PGRST200, suggesting a close name", async () => {
    const misspelt = await fixture.anon.from("emb_customers").select("id, emb_movez(id)");
    expect(misspelt.status).toBe(400);
    expect(misspelt.error).toEqual({
      code: "PGRST200",
      details: "Searched for a foreign key relationship between 'emb_customers' and 'emb_movez' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'emb_moves' instead of 'emb_movez'.",
      message: "Could not find a relationship between 'emb_customers' and 'emb_movez' in the schema cache",
    });
    const unrelated = await fixture.anon.from("emb_movers").select("id, emb_addresses!nope(city)");
    expect(unrelated.error).toEqual({
      code: "PGRST200",
      details:
        "Searched for a foreign key relationship between 'emb_movers' and 'emb_addresses' using the hint 'nope' in the schema 'public', but no matches were found.",
      // The closest table emb_movers is related to, as PostgREST's fuzzy search finds it.
      hint: "Perhaps you meant 'emb_moves' instead of 'emb_addresses'.",
      message: "Could not find a relationship between 'emb_movers' and 'emb_addresses' in the schema cache",
    });
  });

  it("answers a filter, order or limit on a resource that is not embedded with PGRST108", async () => {
    const response = await fixture.request("/emb_customers?select=id&emb_moves.status=eq.pending");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "PGRST108",
      details: null,
      hint: "Verify that 'emb_moves' is included in the 'select' query parameter.",
      message: "'emb_moves' is not an embedded resource in this request",
    });
  });

  it("answers an order on a to-many resource with PGRST118", async () => {
    const response = await fixture.request("/emb_customers?select=id,emb_moves(id)&order=emb_moves(id)");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "PGRST118",
      details: "'emb_customers' and 'emb_moves' do not form a many-to-one or one-to-one relationship",
      hint: null,
      message: "A related order on 'emb_moves' is not possible",
    });
  });

  it("lets Postgres name an unknown column of an embedded resource by its alias", async () => {
    const { error, status } = await fixture.anon.from("emb_customers").select("id, emb_moves(colour)");
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "42703", message: "column emb_moves_1.colour does not exist" });
  });
});

describe("joins, filters and ranges of embedded resources", () => {
  it("drops parents without a match with !inner, also through a filter on the embedded resource", async () => {
    const { data, count } = await fixture.anon.from("emb_customers").select("name, emb_moves!inner(id)", { count: "exact" }).eq("emb_moves.status", "pending");
    expect(data).toEqual([{ name: "Ada", emb_moves: [{ id: 2 }] }]);
    expect(count).toBe(1);
    const invoiced = await fixture.anon.from("emb_moves").select("id, emb_invoices!inner(id)").order("id");
    expect(invoiced.data).toEqual([
      { id: 1, emb_invoices: { id: 1 } },
      { id: 3, emb_invoices: { id: 2 } },
    ]);
  });

  it("keeps every parent with !left, filtering only the embedded rows", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, emb_moves!left(id)").eq("emb_moves.status", "pending").order("id");
    expect(data).toEqual([
      { name: "Ada", emb_moves: [{ id: 2 }] },
      { name: "Grace", emb_moves: [] },
      { name: "Linus", emb_moves: [] },
      { name: "Margaret", emb_moves: [] },
    ]);
  });

  it("filters with rel() without adding a key", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, emb_moves!inner()").eq("emb_moves.status", "confirmed");
    expect(data).toEqual([{ name: "Grace" }]);
  });

  it("applies or, order, limit and offset to the embedded rows", async () => {
    const { data } = await fixture.anon
      .from("emb_customers")
      .select("name, emb_moves(id, status)")
      .or("status.eq.pending,status.eq.completed", { referencedTable: "emb_moves" })
      .order("id", { referencedTable: "emb_moves", ascending: false })
      .eq("id", 1);
    expect(data).toEqual([
      {
        name: "Ada",
        emb_moves: [
          { id: 2, status: "pending" },
          { id: 1, status: "completed" },
        ],
      },
    ]);
    const ranged = await fixture.anon
      .from("emb_customers")
      .select("name, emb_moves(id)")
      .order("id", { referencedTable: "emb_moves" })
      .range(1, 1, { referencedTable: "emb_moves" })
      .eq("id", 1);
    expect(ranged.data).toEqual([{ name: "Ada", emb_moves: [{ id: 2 }] }]);
    const first = await fixture.anon.from("emb_customers").select("name, emb_moves(id)").limit(1, { referencedTable: "emb_moves" }).eq("id", 1);
    expect(first.data).toEqual([{ name: "Ada", emb_moves: [{ id: 1 }] }]);
  });

  it("keeps parents with no embedded rows (is.null) or with some (not.is.null)", async () => {
    const without = await fixture.anon.from("emb_customers").select("name, emb_moves()").is("emb_moves", null);
    expect(without.data).toEqual([{ name: "Margaret" }]);
    const withMoves = await fixture.anon
      .from("emb_customers")
      .select("name, emb_moves(id)", { count: "exact" })
      .not("emb_moves", "is", null)
      .eq("emb_moves.status", "cancelled");
    expect(withMoves.data).toEqual([{ name: "Linus", emb_moves: [{ id: 4 }] }]);
    expect(withMoves.count).toBe(1);
  });

  it("moves an embedded resource addressed by a filter first among its siblings, as PostgREST's planner does", async () => {
    const response = await fixture.request("/emb_moves?select=id,emb_invoices(id),emb_customers(name)&emb_customers.name=eq.Grace&id=eq.3");
    expect(await response.text()).toBe('[{"id":3,"emb_customers":{"name": "Grace"},"emb_invoices":{"id": 2}}]');
  });

  it("tests an embedded resource for rows inside or", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("id, emb_moves()").or("emb_moves.is.null,id.eq.2").order("id");
    expect(data).toEqual([{ id: 2 }, { id: 4 }]);
  });

  it("orders the top level by a to-one resource's column", async () => {
    const { data } = await fixture.anon.from("emb_moves").select("id, emb_customers(name)").order("emb_customers(name)", { ascending: false }).order("id");
    expect(data?.map((move) => move.id)).toEqual([4, 3, 1, 2]);
  });

  it("answers rel(count) with the embedded row count, as hosted Supabase does by default", async () => {
    const { data } = await fixture.anon.from("emb_customers").select("name, emb_moves(count)").order("id");
    expect(data).toEqual([
      { name: "Ada", emb_moves: [{ count: 2 }] },
      { name: "Grace", emb_moves: [{ count: 1 }] },
      { name: "Linus", emb_moves: [{ count: 1 }] },
      { name: "Margaret", emb_moves: [{ count: 0 }] },
    ]);
  });
});

describe("writes", () => {
  it("embeds related resources in a write's representation", async () => {
    const { data, status } = await fixture.service
      .from("emb_moves")
      .insert({ id: 50, customer_id: 4, destination_id: 2 })
      .select("id, status, emb_customers(name), to:emb_addresses!destination_id(city)")
      .single();
    expect(status).toBe(201);
    expect(data).toEqual({ id: 50, status: "pending", emb_customers: { name: "Margaret" }, to: { city: "Chicago" } });
    const updated = await fixture.service.from("emb_moves").update({ status: "confirmed" }).eq("id", 50).select("emb_customers(name)");
    expect(updated.data).toEqual([{ emb_customers: { name: "Margaret" } }]);
    const removed = await fixture.service.from("emb_moves").delete().eq("id", 50).select("id, emb_invoices(id)");
    expect(removed.data).toEqual([{ id: 50, emb_invoices: null }]);
  });
});

describe("planning writes", () => {
  it("refuses a write whose select names a missing relationship, even without a representation", async () => {
    const response = await fixture.request("/emb_addresses?select=id,emb_movez(id)", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "return=minimal" },
      body: JSON.stringify({ id: 99, city: "Nowhere" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PGRST200" });
    const { data } = await fixture.service.from("emb_addresses").select("id").eq("id", 99);
    expect(data).toEqual([]);
  });
});

describe("one statement per request", () => {
  it.skipIf(usingHostedBackend)("reads 1,000 parents with their children in one query", async () => {
    await fixture.backend.sql("insert into emb_customers (id, name) select n, 'Customer ' || n from generate_series(1000, 1999) n");
    await fixture.backend.sql("insert into emb_moves (id, customer_id, status) select n, n, 'pending' from generate_series(1000, 1999) n");
    const emulator = fixture.backend.emulator;
    if (!emulator) throw new Error("needs the emulator");
    const statements: string[] = [];
    const asRequest = emulator.db.asRequest;
    emulator.db.asRequest = (context, fn, options) =>
      asRequest(
        context,
        (tx) =>
          fn(
            new Proxy(tx, {
              get(target, property, receiver) {
                if (property === "query") {
                  return (sql: string, ...rest: unknown[]) => {
                    statements.push(sql);
                    return (target.query as (sql: string, ...rest: unknown[]) => unknown)(sql, ...rest);
                  };
                }
                return Reflect.get(target, property, receiver);
              },
            }) as Transaction,
          ),
        options,
      );
    try {
      const { data } = await fixture.anon.from("emb_customers").select("id, emb_moves(id, emb_customers(name))").gte("id", 1000).order("id");
      expect(data).toHaveLength(1000);
      expect(data?.[999]).toEqual({ id: 1999, emb_moves: [{ id: 1999, emb_customers: { name: "Customer 1999" } }] });
      expect(statements).toHaveLength(1);
    } finally {
      emulator.db.asRequest = asRequest;
    }
  });
});
