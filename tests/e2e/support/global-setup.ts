import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { createApiKeys } from "../../../emulators/supabase/index.ts";
import { E2E_WORKERS, e2eBaseUrl, e2eDataDir } from "./environment.ts";

/**
 * Crews on every weekday of the end-to-end company: enough that the many tests booking moves on the
 * same dates never compete for a crew. Tests of capacity set their own dates' crews.
 */
export const E2E_WEEKDAY_CREWS = 100;

/** Runs once, after Playwright has started every worker's server (its web servers come first). */
export default async function globalSetup() {
  for (let index = 0; index < E2E_WORKERS; index++) {
    const secret = readFileSync(path.join(e2eDataDir(index), "jwt-secret"), "utf8").trim();
    const { serviceRoleKey } = await createApiKeys(secret);
    const client = createClient(e2eBaseUrl(index), serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { error } = await client.from("weekday_crews").update({ crews: E2E_WEEKDAY_CREWS }).gte("iso_weekday", 1);
    if (error) throw new Error(`could not give the end-to-end company its crews: ${error.message}`);
  }
}
