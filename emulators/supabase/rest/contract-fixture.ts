import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SupabaseClient, User } from "@supabase/supabase-js";
import { startTestBackend, uniqueEmail, type TestBackend } from "../testing.ts";

const FIXTURE_SQL = readFileSync(new URL("./contract-fixture.sql", import.meta.url), "utf8");

export interface RestFixture {
  backend: TestBackend;
  anon: SupabaseClient;
  service: SupabaseClient;
  /** A new confirmed user, signed in: a client that sends their access token. */
  signUp(label: string): Promise<{ user: User; client: SupabaseClient; accessToken: string }>;
  /** A raw request to /rest/v1 with the anon key, for what supabase-js does not expose (headers, bodies). */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A backend with the contract fixture schema (contract-fixture.sql) and none of the app's migrations. */
export async function startRestFixture(): Promise<RestFixture> {
  const backend = await startTestBackend({
    migrationsDir: mkdtempSync(join(tmpdir(), "rest-contract-")),
    seedFile: undefined,
  });
  await backend.emulator?.db.pg.exec(FIXTURE_SQL);
  return {
    backend,
    anon: backend.createClient(),
    service: backend.createClient({ key: "service_role" }),
    async signUp(label) {
      const email = uniqueEmail(label);
      const password = `pw-${email}`;
      const user = await backend.adminCreateUser(email, password);
      const { data, error } = await backend.createClient().auth.signInWithPassword({ email, password });
      if (error || !data.session) throw error ?? new Error("no session");
      const accessToken = data.session.access_token;
      return { user, client: backend.createClient({ accessToken }), accessToken };
    },
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("apikey")) headers.set("apikey", backend.anonKey);
      if (!headers.has("authorization")) headers.set("authorization", `Bearer ${backend.anonKey}`);
      return backend.fetch(`${backend.url}/rest/v1${path}`, { ...init, headers });
    },
    close: () => backend.close(),
  };
}
