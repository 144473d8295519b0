import { describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_SETTINGS, type CompanySettings } from "~/domain/company-settings";
import { SETTINGS_CACHE_LIFETIME_MS, createSettingsCache } from "./settings-cache.server";
import type { CompanySettingsRead } from "./settings.server";

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** A database read the test answers when it likes, counting the reads made. */
function controlledReads() {
  const waiting: Array<(value: CompanySettingsRead) => void> = [];
  return {
    load: () => new Promise<CompanySettingsRead>((resolve) => waiting.push(resolve)),
    get count() {
      return waiting.length;
    },
    answer(index: number, value: CompanySettingsRead) {
      waiting[index]!(value);
    },
  };
}

const named = (companyName: string): CompanySettingsRead => ({ kind: "found", settings: { ...DEFAULT_COMPANY_SETTINGS, companyName } });

describe("the settings cache", () => {
  it("keeps a copy for a few seconds, then reads again", async () => {
    expect(SETTINGS_CACHE_LIFETIME_MS).toBeGreaterThanOrEqual(1_000);
    expect(SETTINGS_CACHE_LIFETIME_MS).toBeLessThanOrEqual(10_000);
    const clock = manualClock();
    let reads = 0;
    const cache = createSettingsCache({ load: async () => named(`read ${++reads}`), now: clock.now });

    expect((await cache.get()).companyName).toBe("read 1");
    clock.advance(SETTINGS_CACHE_LIFETIME_MS - 1);
    expect((await cache.get()).companyName).toBe("read 1");
    clock.advance(1);
    expect((await cache.get()).companyName).toBe("read 2");
    expect(reads).toBe(2);
  });

  it("takes a lifetime of its own", async () => {
    const clock = manualClock();
    let reads = 0;
    const cache = createSettingsCache({ load: async () => named(`read ${++reads}`), now: clock.now, lifetimeMs: 100 });
    await cache.get();
    clock.advance(100);
    expect((await cache.get()).companyName).toBe("read 2");
  });

  it("drops its copy at once when told the settings were saved", async () => {
    const clock = manualClock();
    let reads = 0;
    const cache = createSettingsCache({ load: async () => named(`read ${++reads}`), now: clock.now });
    await cache.get();
    cache.invalidate();
    expect((await cache.get()).companyName).toBe("read 2");
  });

  it("shares one read among the requests that miss together", async () => {
    const reads = controlledReads();
    const cache = createSettingsCache({ load: reads.load, now: manualClock().now });
    const together = [cache.get(), cache.get(), cache.get()];
    expect(reads.count).toBe(1);
    reads.answer(0, named("shared"));
    expect((await Promise.all(together)).map((settings) => settings.companyName)).toEqual(["shared", "shared", "shared"]);
    expect((await cache.get()).companyName).toBe("shared");
    expect(reads.count).toBe(1);
  });

  it("does not keep a read that started before a save", async () => {
    const reads = controlledReads();
    const cache = createSettingsCache({ load: reads.load, now: manualClock().now });
    const before = cache.get();
    cache.invalidate();
    const after = cache.get();
    expect(reads.count).toBe(2);
    reads.answer(1, named("saved"));
    reads.answer(0, named("stale"));
    expect((await before).companyName).toBe("stale");
    expect((await after).companyName).toBe("saved");
    expect((await cache.get()).companyName).toBe("saved");
    expect(reads.count).toBe(2);
  });

  it("gives the defaults when the settings cannot be read, and tries again on the next request", async () => {
    const reads = controlledReads();
    const cache = createSettingsCache({ load: reads.load, now: manualClock().now });
    const warnings: string[] = [];
    const failed = cache.get({ warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))) });
    reads.answer(0, { kind: "failed", cause: new TypeError("fetch failed") });
    expect(await failed).toEqual(DEFAULT_COMPANY_SETTINGS);
    expect(warnings).toEqual(["could not read the company settings; using the defaults"]);
    const retried = cache.get();
    expect(reads.count).toBe(2);
    reads.answer(1, named("back"));
    expect((await retried).companyName).toBe("back");
  });

  it("hands out a copy nobody can change for the others", async () => {
    const cache = createSettingsCache({ load: async () => named("kept"), now: manualClock().now });
    const settings = await cache.get();
    expect(() => {
      (settings as CompanySettings).companyName = "changed";
    }).toThrow(TypeError);
    expect((await cache.get()).companyName).toBe("kept");
  });
});
