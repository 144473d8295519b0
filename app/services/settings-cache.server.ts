import type { Logger } from "pino";
import type { CompanySettings } from "~/domain/company-settings";
import { settingsOrDefaults, type CompanySettingsRead } from "./settings.server";

/**
 * How long one process keeps the settings it read before reading them again. Every page reads them,
 * so a short copy saves a query per request, while other instances see an admin's save within this time.
 */
export const SETTINGS_CACHE_LIFETIME_MS = 5_000;

export interface SettingsCache {
  /** The saved settings, read at most once per lifetime (concurrent misses share one read); the defaults when they cannot be read. */
  get(logger?: Pick<Logger, "warn">): Promise<Readonly<CompanySettings>>;
  /** Forgets the copy (and any read under way), so the next request reads what was just saved. */
  invalidate(): void;
}

interface SettingsCacheOptions {
  /** Reads the settings; only settings found are kept (when there are none, the next request tries again). */
  load: () => Promise<CompanySettingsRead>;
  lifetimeMs?: number;
  now?: () => number;
}

export function createSettingsCache({ load, lifetimeMs = SETTINGS_CACHE_LIFETIME_MS, now = Date.now }: SettingsCacheOptions): SettingsCache {
  let kept: { settings: Readonly<CompanySettings>; until: number } | null = null;
  let reading: Promise<Readonly<CompanySettings>> | null = null;
  // Bumped by each save: a read that started before it is handed to its callers but not kept.
  let generation = 0;

  function read(logger?: Pick<Logger, "warn">): Promise<Readonly<CompanySettings>> {
    const startedIn = generation;
    const startedAt = now();
    const promise = load().then((read) => {
      if (read.kind !== "found") return settingsOrDefaults(read, logger);
      const settings = Object.freeze({ ...read.settings });
      if (startedIn === generation) kept = { settings, until: startedAt + lifetimeMs };
      return settings;
    });
    const forget = () => {
      if (reading === promise) reading = null;
    };
    promise.then(forget, forget);
    return promise;
  }

  return {
    get(logger) {
      if (kept && now() < kept.until) return Promise.resolve(kept.settings);
      reading ??= read(logger);
      return reading;
    },
    invalidate() {
      generation += 1;
      kept = null;
      reading = null;
    },
  };
}
