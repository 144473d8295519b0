import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseEmulator, type SupabaseEmulator } from "./index.ts";

describe("Supabase emulator routing", () => {
  let emulator: SupabaseEmulator;

  beforeAll(async () => {
    emulator = await createSupabaseEmulator({ url: "http://localhost:54321" });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("answers unknown paths with 404 like the API gateway", async () => {
    const response = await emulator.fetch("http://localhost:54321/graphql/v1");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "no Route matched with those values" });
  });

  it("refuses requests without one of the project's API keys, like the API gateway", async () => {
    const missing = await emulator.fetch("http://localhost:54321/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "whatever" }),
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: "No API key found in request" });

    const wrong = await emulator.fetch("http://localhost:54321/rest/v1/app_settings", { headers: { apikey: "sb_publishable_guess" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: "Invalid API key" });

    const viaQuery = await emulator.fetch(`http://localhost:54321/rest/v1/app_settings?select=company_name&apikey=${emulator.anonKey}`);
    expect(viaQuery.status).toBe(200);
  });

  it("serves public file URLs without a key, as browsers open them", async () => {
    const response = await emulator.fetch("http://localhost:54321/storage/v1/object/public/avatars/nobody/none.png");
    expect(response.status).not.toBe(401);
  });

  it("answers CORS preflight for every service", async () => {
    const response = await emulator.fetch("http://localhost:54321/rest/v1/bookings", {
      method: "OPTIONS",
      headers: { "access-control-request-method": "POST", "access-control-request-headers": "apikey, content-type" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toBe("apikey, content-type");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("issues API keys that carry the anon and service_role roles", () => {
    const roleOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()).role;
    expect(roleOf(emulator.anonKey)).toBe("anon");
    expect(roleOf(emulator.serviceRoleKey)).toBe("service_role");
  });

  it("runs request transactions as the JWT's role with PostgREST's settings", async () => {
    const sub = "6f1d2c3b-0000-4000-8000-000000000001";
    const row = await emulator.db.asRequest(
      { claims: { role: "authenticated", sub }, method: "GET", path: "/bookings", headers: { "x-test": "1" } },
      async (tx) =>
        (
          await tx.query<Record<string, unknown>>(
            `select current_user as role, auth.uid() as uid, auth.role() as claim_role,
                    current_setting('request.method') as method, current_setting('request.path') as path,
                    current_setting('request.headers')::jsonb ->> 'x-test' as header`,
          )
        ).rows[0],
      { readOnly: true },
    );
    expect(row).toEqual({ role: "authenticated", uid: sub, claim_role: "authenticated", method: "GET", path: "/bookings", header: "1" });
  });

  it("refuses writes in a read-only request transaction and rolls back on error", async () => {
    const anon = { claims: { role: "anon" as const }, method: "GET", path: "/", headers: {} };
    await expect(emulator.db.asRequest(anon, (tx) => tx.query("create temp table t (x int)"), { readOnly: true })).rejects.toThrow(/read-only transaction/);
    await expect(emulator.db.asRequest(anon, (tx) => tx.query("select * from auth.users"))).rejects.toThrow(/permission denied/);
    const { rows } = await emulator.db.pg.query<{ user: string }>("select current_user as user");
    expect(rows[0]?.user).toBe("postgres");
  });
});
