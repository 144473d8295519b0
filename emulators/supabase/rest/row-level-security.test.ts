import type { SupabaseClient, User } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signJwt, startRestFixture, usingHostedBackend, type RestFixture } from "../testing/index.ts";

let fixture: RestFixture;
let alice: { user: User; client: SupabaseClient };
let bob: { user: User; client: SupabaseClient };
let alicesNoteId: number;

const RLS_VIOLATION = 'new row violates row-level security policy for table "rest_notes"';

beforeAll(async () => {
  fixture = await startRestFixture();
  [alice, bob] = await Promise.all([fixture.signUp("alice"), fixture.signUp("bob")]);
  const { data, error } = await alice.client.from("rest_notes").insert({ title: "Alice's inventory" }).select("id").single();
  if (error) throw error;
  alicesNoteId = data.id;
  await bob.client.from("rest_notes").insert({ title: "Bob's inventory" });
  await fixture.service.from("rest_items").upsert({ id: 1, name: "Moving box", price_cents: 250 });
});

afterAll(async () => {
  await fixture.close();
});

async function aliceNote() {
  const { data } = await fixture.service.from("rest_notes").select("title").eq("id", alicesNoteId).single();
  return data;
}

describe("reading", () => {
  it("shows each user only their own rows, stamped with auth.uid()", async () => {
    const mine = await alice.client.from("rest_notes").select("owner_id, title");
    expect(mine.data).toEqual([{ owner_id: alice.user.id, title: "Alice's inventory" }]);
    const theirs = await bob.client.from("rest_notes").select("title").eq("id", alicesNoteId);
    expect(theirs).toMatchObject({ data: [], error: null, status: 200 });
  });

  it("shows anon nothing without a policy for it, and the service role everything", async () => {
    expect((await fixture.anon.from("rest_notes").select("id")).data).toEqual([]);
    const all = await fixture.service.from("rest_notes").select("owner_id").in("owner_id", [alice.user.id, bob.user.id]);
    expect(all.data).toHaveLength(2);
  });
});

describe("writing", () => {
  it("silently skips rows the policies hide from UPDATE and DELETE", async () => {
    const update = await bob.client.from("rest_notes").update({ title: "Hijacked" }).eq("id", alicesNoteId);
    expect(update).toMatchObject({ status: 204, error: null });
    const updated = await bob.client.from("rest_notes").update({ title: "Hijacked" }).eq("id", alicesNoteId).select();
    expect(updated).toMatchObject({ status: 200, data: [] });
    const removal = await bob.client.from("rest_notes").delete().eq("id", alicesNoteId);
    expect(removal).toMatchObject({ status: 204, error: null });
    expect(await aliceNote()).toEqual({ title: "Alice's inventory" });
  });

  it("lets the owner change their own row", async () => {
    const { data } = await alice.client.from("rest_notes").update({ mood: "happy" }).eq("id", alicesNoteId).select("mood").single();
    expect(data).toEqual({ mood: "happy" });
  });

  it("refuses a row the insert policy rejects: 403 for a user, 401 for anon", async () => {
    const forged = await bob.client.from("rest_notes").insert({ title: "Forged", owner_id: alice.user.id });
    expect(forged.status).toBe(403);
    expect(forged.error).toEqual({ code: "42501", details: null, hint: null, message: RLS_VIOLATION });
    const anonymous = await fixture.anon.from("rest_notes").insert({ title: "Anonymous" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toMatchObject({ code: "42501", message: RLS_VIOLATION });
    const catalogue = await fixture.anon.from("rest_items").insert({ id: 2, name: "Free box", price_cents: 0 });
    expect(catalogue.status).toBe(401);
    expect(catalogue.error?.message).toBe('new row violates row-level security policy for table "rest_items"');
  });

  it("lets anon record an event it cannot read back, and refuses insert().select() for it", async () => {
    const recorded = await fixture.anon.from("rest_events").insert({ name: "page_view" });
    expect(recorded).toMatchObject({ status: 201, error: null });
    const echoed = await fixture.anon.from("rest_events").insert({ name: "page_view" }).select();
    expect(echoed.status).toBe(401);
    expect(echoed.error).toMatchObject({ code: "42501", message: 'new row violates row-level security policy for table "rest_events"' });
    const signedIn = await alice.client.from("rest_events").insert({ name: "click" }).select();
    expect(signedIn.status).toBe(403);
    expect((await alice.client.from("rest_events").select("id")).data).toEqual([]);
    const { count } = await fixture.service.from("rest_events").select("id", { count: "exact", head: true }).eq("name", "page_view");
    expect(count).toBe(1);
  });
});

describe("keys and tokens", () => {
  it("refuses a key that is not one of the project's at the gateway", async () => {
    const response = await fixture.request("/rest_items?select=name&id=eq.1", {
      headers: { apikey: "sb_publishable_demo", authorization: "Bearer sb_publishable_demo" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Invalid API key" });
  });

  it.skipIf(usingHostedBackend)("answers an expired token with 401 PGRST303 and a bad signature with 401 PGRST301", async () => {
    const secret = fixture.backend.emulator?.config.jwtSecret ?? "";
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: alice.user.id, role: "authenticated", aud: "authenticated" };
    const expired = await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, secret);
    const late = await fixture.backend.createClient({ accessToken: expired }).from("rest_items").select();
    expect(late.status).toBe(401);
    expect(late.error).toEqual({ code: "PGRST303", details: null, hint: null, message: "JWT expired" });
    const forged = await signJwt({ ...claims, iat: now, exp: now + 3600 }, `${secret}-not`);
    const refused = await fixture.backend.createClient({ accessToken: forged }).from("rest_items").select();
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: "PGRST301" });
  });
});
