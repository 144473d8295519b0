import type { SupabaseClient } from "@supabase/supabase-js";
import type { Logger } from "pino";
import { DEFAULT_COMPANY_SETTINGS, settingsFromRow, settingsToRow, type CompanySettings } from "~/domain/company-settings";
import type { Database } from "../../supabase/types";
import type { AppSupabaseClient } from "./supabase.server";

/** The columns the settings are read from; who saved them last is not readable to visitors. */
const SETTINGS_COLUMNS =
  "company_name, admin_email, admin_phone, default_service_area, business_hours, emergency_contact, email_alerts, auto_confirm_bookings, executive_name, executive_title, analytics_retention_days, minimum_lead_days, long_moves_run_over, day_before_reminder_hour, time_zone, customer_change_notice_hours, refund_deposit_on_customer_cancel, online_reschedule_limit, bill_margin_percent";

/** What reading the saved company settings came to: found, no row saved, or a read that failed. */
export type CompanySettingsRead = { kind: "found"; settings: CompanySettings } | { kind: "missing" } | { kind: "failed"; cause: unknown };

/** The saved company settings, read with `client`; a database that cannot be reached gives `failed`, never an error. */
export async function readCompanySettings(client: SupabaseClient<Database>): Promise<CompanySettingsRead> {
  try {
    const { data, error } = await client.from("app_settings").select(SETTINGS_COLUMNS).eq("id", true).maybeSingle();
    if (error) return { kind: "failed", cause: error };
    return data ? { kind: "found", settings: settingsFromRow(data) } : { kind: "missing" };
  } catch (cause) {
    return { kind: "failed", cause };
  }
}

/**
 * The settings read, or the defaults when none are saved or they cannot be read (logged as a warning
 * when a logger is given): pages keep working without them.
 */
export function settingsOrDefaults(read: CompanySettingsRead, logger?: Pick<Logger, "warn">): Readonly<CompanySettings> {
  if (read.kind === "found") return read.settings;
  if (read.kind === "missing") logger?.warn("no company settings saved; using the defaults");
  else logger?.warn({ err: read.cause }, "could not read the company settings; using the defaults");
  return DEFAULT_COMPANY_SETTINGS;
}

/** The company settings the admin saved, or a copy of the defaults (see settingsOrDefaults), for a caller that may change them. */
export async function loadCompanySettings(client: SupabaseClient<Database>, logger?: Pick<Logger, "warn">): Promise<CompanySettings> {
  return { ...settingsOrDefaults(await readCompanySettings(client), logger) };
}

export class SettingsStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SettingsStoreError";
  }
}

export type SaveSettingsResult = { kind: "saved"; changes: number } | { kind: "forbidden" };

/**
 * Saves the settings through `save_company_settings`, which checks that the caller may change them and
 * records the changed fields (before, after, who, when) in the same transaction. Throws SettingsStoreError
 * when the database fails.
 */
export async function saveCompanySettings(supabase: AppSupabaseClient, settings: CompanySettings): Promise<SaveSettingsResult> {
  const { data, error } = await supabase.rpc("save_company_settings", { _settings: settingsToRow(settings) });
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    throw new SettingsStoreError("could not save the company settings", { cause: error });
  }
  return { kind: "saved", changes: data };
}
