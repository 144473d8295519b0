import type { SupabaseClient } from "@supabase/supabase-js";
import type { Logger } from "pino";
import { DEFAULT_COMPANY_SETTINGS, settingsFromRow, type CompanySettings } from "~/domain/company-settings";
import type { Database } from "../../supabase/types";

/** The columns the settings are read from; who saved them last is not readable to visitors. */
const SETTINGS_COLUMNS =
  "company_name, admin_email, admin_phone, default_service_area, business_hours, emergency_contact, notifications_enabled, email_alerts, auto_confirm_bookings, executive_name, executive_title";

/**
 * The company settings the admin saved. Pages keep working when they cannot be read: a missing row or a
 * failed read gives the defaults (logged as a warning when a logger is given), never an error.
 */
export async function loadCompanySettings(client: SupabaseClient<Database>, logger?: Pick<Logger, "warn">): Promise<CompanySettings> {
  try {
    const { data, error } = await client.from("app_settings").select(SETTINGS_COLUMNS).eq("id", true).maybeSingle();
    if (error) {
      logger?.warn({ err: error }, "could not read the company settings; using the defaults");
    } else if (data) {
      return settingsFromRow(data);
    } else {
      logger?.warn("no company settings saved; using the defaults");
    }
  } catch (error) {
    logger?.warn({ err: error }, "could not read the company settings; using the defaults");
  }
  return { ...DEFAULT_COMPANY_SETTINGS };
}
