import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestFixture, usingHostedBackend, type RestFixture } from "../testing/index.ts";

// Statuses of upserts and PUT, planned and estimated counts, and the schemas a request may name, as
// PostgREST 13+ answers them behind Supabase.

let fixture: RestFixture;
let nextId = 5000 + Math.floor(Math.random() * 1000) * 100;
const newId = () => nextId++;

beforeAll(async () => {
  fixture = await startRestFixture();
});

afterAll(async () => {
  await fixture.close();
});

function asService(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const key = fixture.backend.serviceRoleKey;
  return fixture.request(path, { ...init, headers: { apikey: key, authorization: `Bearer ${key}`, ...init.headers } });
}

const item = (id: number, name = `Item ${id}`) => ({ id, name, price_cents: 100 });

describe("upsert status", () => {
  it("answers 201 when an upsert creates a row, 200 when it only updates", async () => {
    const [a, b] = [newId(), newId()];
    const created = await fixture.service.from("rest_items").upsert(item(a));
    expect(created.status).toBe(201);
    const updated = await fixture.service.from("rest_items").upsert(item(a, "Renamed")).select("name");
    expect(updated).toMatchObject({ status: 200, data: [{ name: "Renamed" }] });
    const mixed = await fixture.service.from("rest_items").upsert([item(a), item(b)]);
    expect(mixed.status).toBe(201);
    const ignored = await fixture.service.from("rest_items").upsert(item(a), { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
  });
});

describe("PUT", () => {
  it("creates the row named by its primary key (201), then replaces it (200)", async () => {
    const id = newId();
    const put = (name: string) =>
      asService(`/rest_items?id=eq.${id}&select=id,name,in_stock`, {
        method: "PUT",
        headers: { "content-type": "application/json", prefer: "return=representation" },
        body: JSON.stringify({ id, name, price_cents: 300 }),
      });
    const created = await put("Wardrobe box");
    expect(created.status).toBe(201);
    expect(created.headers.get("content-range")).toBeNull();
    expect(created.headers.get("preference-applied")).toBe("return=representation");
    expect(await created.json()).toEqual([{ id, name: "Wardrobe box", in_stock: true }]);
    const replaced = await put("Wardrobe box XL");
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ id, name: "Wardrobe box XL", in_stock: true }]);
    const minimal = await asService(`/rest_items?id=eq.${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, name: "Quiet", price_cents: 1 }),
    });
    expect(minimal.status).toBe(204);
  });

  it("refuses filters other than eq on every primary key column, a range, and a payload for another key", async () => {
    const id = newId();
    const body = JSON.stringify({ id, name: "Crate", price_cents: 1 });
    const headers = { "content-type": "application/json" };
    const loose = await asService(`/rest_items?id=gt.${id}`, { method: "PUT", headers, body });
    expect(loose.status).toBe(405);
    expect(await loose.json()).toEqual({
      code: "PGRST105",
      details: null,
      hint: null,
      message: "Filters must include all and only primary key columns with 'eq' operators",
    });
    const ranged = await asService(`/rest_items?id=eq.${id}&limit=1`, { method: "PUT", headers, body });
    expect(ranged.status).toBe(400);
    expect(await ranged.json()).toMatchObject({ code: "PGRST114", message: "limit/offset querystring parameters are not allowed for PUT" });
    const mismatched = await asService(`/rest_items?id=eq.${id + 1}`, { method: "PUT", headers, body });
    expect(mismatched.status).toBe(400);
    expect(await mismatched.json()).toEqual({
      code: "PGRST115",
      details: null,
      hint: null,
      message: "Payload values do not match URL in primary key column(s)",
    });
    const { data } = await fixture.service
      .from("rest_items")
      .select("id")
      .in("id", [id, id + 1]);
    expect(data).toEqual([]);
  });
});

describe("planned and estimated counts", () => {
  beforeAll(async () => {
    if (usingHostedBackend) return;
    await fixture.backend.sql("create table rest_counted (id integer primary key, even boolean not null)");
    await fixture.backend.sql("insert into rest_counted select n, n % 2 = 0 from generate_series(1, 5000) n");
    // The planner's estimate comes from the statistics ANALYZE gathers.
    await fixture.backend.sql("analyze rest_counted");
  });

  it.skipIf(usingHostedBackend)("answers count=planned with the planner's estimate: 206 and the estimate in Content-Range", async () => {
    const response = await asService("/rest_counted?select=id&order=id&limit=10", { headers: { prefer: "count=planned" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("0-9/5000");
    expect(response.headers.get("preference-applied")).toBe("count=planned");
    const { count, status } = await fixture.service.from("rest_counted").select("*", { count: "planned", head: true }).limit(10);
    expect(status).toBe(206);
    expect(count).toBe(5000);
  });

  it.skipIf(usingHostedBackend)("counts exactly up to max-rows with count=estimated, and estimates past it", async () => {
    const many = await asService("/rest_counted?select=id&limit=10", { headers: { prefer: "count=estimated" } });
    expect(many.status).toBe(206);
    expect(many.headers.get("content-range")).toBe("0-9/5000");
    const few = await asService("/rest_counted?select=id&id=lte.25&limit=10&offset=10", { headers: { prefer: "count=estimated" } });
    expect(few.status).toBe(206);
    expect(few.headers.get("content-range")).toBe("10-19/25");
  });

  it("answers a planned count with a number in Content-Range, wherever it runs", async () => {
    const { count, status, data } = await fixture.anon.from("rest_items").select("id", { count: "planned" }).limit(1);
    expect(typeof count).toBe("number");
    expect(status).toBe((count ?? 0) > (data?.length ?? 0) ? 206 : 200);
  });
});

describe("schemas", () => {
  it("names the schema in Content-Profile, since Supabase exposes two", async () => {
    const response = await fixture.request("/rest_items?select=id&limit=1");
    expect(response.headers.get("content-profile")).toBe("public");
    const profiled = await fixture.request("/rest_items?select=id&limit=1", { headers: { "accept-profile": "public" } });
    expect(profiled.status).toBe(200);
    const refused = await fixture.request("/rest_items", {
      method: "POST",
      headers: { "content-profile": "auth", "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(406);
    expect(await refused.json()).toEqual({
      code: "PGRST106",
      details: null,
      hint: "Only the following schemas are exposed: public, graphql_public",
      message: "Invalid schema: auth",
    });
  });

  it.skipIf(usingHostedBackend)("exposes the schemas pgrst.db_schemas names on the authenticator role", async () => {
    const { sql } = fixture.backend;
    await sql("create schema rest_private");
    await sql("grant usage on schema rest_private to anon, authenticated, service_role");
    await sql("create table rest_private.crates (id integer primary key, label text)");
    await sql("grant select on rest_private.crates to anon");
    await sql("insert into rest_private.crates values (1, 'Fragile')");
    await sql("alter role authenticator set pgrst.db_schemas = 'public, graphql_public, rest_private'");
    await sql("notify pgrst, 'reload config'");
    try {
      const { data, error } = await fixture.anon.schema("rest_private").from("crates").select("id, label");
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1, label: "Fragile" }]);
      const response = await fixture.request("/crates?select=label", { headers: { "accept-profile": "rest_private" } });
      expect(response.headers.get("content-profile")).toBe("rest_private");
      const other = await fixture.anon.schema("storage").from("objects").select();
      expect(other.error).toMatchObject({
        code: "PGRST106",
        hint: "Only the following schemas are exposed: public, graphql_public, rest_private",
      });
    } finally {
      await sql("alter role authenticator reset pgrst.db_schemas");
      await sql("notify pgrst, 'reload config'");
    }
    const gone = await fixture.anon.schema("rest_private").from("crates").select();
    expect(gone.status).toBe(406);
  });
});
