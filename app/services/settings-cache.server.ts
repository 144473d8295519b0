import type { Logger } from "pino";
import type { CompanySettings } from "~/domain/company-settings";
import { settingsOrDefaults, type CompanySettingsRead } from "./settings.server";
import { createShortLivedCopy, type ShortLivedCopy } from "./short-lived-copy.server";

/**
 * How long one process keeps the settings it read before reading them again. Every page reads them,
 * so a short copy saves a query per request, while other instances see an admin's save within this time.
 */
export const SETTINGS_CACHE_LIFETIME_MS = 5_000;

/** The saved settings, read at most once per lifetime (concurrent misses share one read); the defaults when they cannot be read. */
export type SettingsCache = ShortLivedCopy<Readonly<CompanySettings>, [logger?: Pick<Logger, "warn">]>;

interface SettingsCacheOptions {
  /** Reads the settings; only settings found are kept (when there are none, the next request tries again). */
  load: () => Promise<CompanySettingsRead>;
  lifetimeMs?: number;
  now?: () => number;
}

export function createSettingsCache({ load, lifetimeMs = SETTINGS_CACHE_LIFETIME_MS, now }: SettingsCacheOptions): SettingsCache {
  return createShortLivedCopy({
    load: async (logger?: Pick<Logger, "warn">) => {
      const read = await load();
      if (read.kind !== "found") return { value: settingsOrDefaults(read, logger), keep: false };
      return { value: Object.freeze({ ...read.settings }), keep: true };
    },
    lifetimeMs,
    now,
  });
}
