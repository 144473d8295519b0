import type { SupabaseClient } from "@supabase/supabase-js";
import { settingsToRow, type CompanySettings } from "../app/domain/company-settings.ts";
import type { Database } from "../supabase/types.ts";
import type { Logger } from "./logger.ts";

/**
 * Makes sure the single settings row exists: when it is missing, inserts it from the given defaults.
 * An existing row is never changed, since an admin may have edited it; two servers starting at once
 * insert it once. Works the same against the embedded emulator and a hosted project (service-role client).
 */
export async function ensureAppSettings(serviceClient: SupabaseClient<Database>, defaults: CompanySettings, logger: Logger): Promise<void> {
  const { data, error } = await serviceClient
    .from("app_settings")
    .upsert({ id: true, ...settingsToRow(defaults) }, { onConflict: "id", ignoreDuplicates: true })
    .select("id");
  if (error) throw new Error(`could not create the company settings: ${error.message}`);
  if (data.length > 0) logger.info({ companyName: defaults.companyName }, "company settings created from the defaults");
}
