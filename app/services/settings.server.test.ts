import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Database } from "../../supabase/types";
import { DEFAULT_COMPANY_SETTINGS } from "~/domain/company-settings";
import { loadCompanySettings, readCompanySettings } from "./settings.server";

// Edits and deletes the settings row, so only against the emulator.
describe.skipIf(usingHostedBackend)("loadCompanySettings", () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend.close();
  });

  /** A visitor's client: the settings are public. No retries, so a failing fetch fails at once. */
  const anonClient = (fetch: typeof globalThis.fetch = backend.fetch) =>
    createClient<Database>(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      db: { retry: false },
      global: { fetch },
    });

  function warnings() {
    const messages: string[] = [];
    return { messages, logger: { warn: (...args: unknown[]) => void messages.push(String(args.at(-1))) } };
  }

  it("reads what the admin saved", async () => {
    await backend.sql("update public.app_settings set company_name = 'Peach State Moving', auto_confirm_bookings = true");
    expect(await loadCompanySettings(anonClient())).toMatchObject({ companyName: "Peach State Moving", autoConfirmBookings: true });
  });

  it("falls back to the defaults when the row is missing", async () => {
    await backend.sql("delete from public.app_settings");
    const { messages, logger } = warnings();
    expect(await readCompanySettings(anonClient())).toEqual({ kind: "missing" });
    expect(await loadCompanySettings(anonClient(), logger)).toEqual(DEFAULT_COMPANY_SETTINGS);
    expect(messages).toEqual(["no company settings saved; using the defaults"]);
  });

  it("falls back to the defaults when the read fails, without throwing", async () => {
    const { messages, logger } = warnings();
    const unreachable: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const failing: typeof fetch = async () => Response.json({ message: "An unexpected error occurred" }, { status: 500 });

    expect(await readCompanySettings(anonClient(unreachable))).toMatchObject({ kind: "failed", cause: { message: "TypeError: fetch failed" } });
    expect(await loadCompanySettings(anonClient(unreachable), logger)).toEqual(DEFAULT_COMPANY_SETTINGS);
    expect(await loadCompanySettings(anonClient(failing), logger)).toEqual(DEFAULT_COMPANY_SETTINGS);
    expect(messages).toEqual(["could not read the company settings; using the defaults", "could not read the company settings; using the defaults"]);
  });

  it("hands out a copy of the defaults that callers may change", async () => {
    await backend.sql("delete from public.app_settings");
    const settings = await loadCompanySettings(anonClient());
    settings.companyName = "Changed";
    expect(DEFAULT_COMPANY_SETTINGS.companyName).not.toBe("Changed");
  });
});
