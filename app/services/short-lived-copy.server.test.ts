import { describe, expect, it } from "vitest";
import { createShortLivedCopy } from "./short-lived-copy.server";

describe("a short-lived copy", () => {
  it("keeps a value read for its lifetime, and reads again after", async () => {
    let time = 0;
    let reads = 0;
    const copy = createShortLivedCopy({ load: async () => ({ value: ++reads, keep: true }), lifetimeMs: 100, now: () => time });
    expect(await copy.get()).toBe(1);
    time = 99;
    expect(await copy.get()).toBe(1);
    time = 100;
    expect(await copy.get()).toBe(2);
  });

  it("keeps no read that failed: its callers get the error, the next request reads again", async () => {
    let reads = 0;
    const copy = createShortLivedCopy({
      load: async () => {
        reads += 1;
        if (reads === 1) throw new Error("database down");
        return { value: "hours", keep: true };
      },
      lifetimeMs: 5_000,
    });
    await expect(Promise.all([copy.get(), copy.get()])).rejects.toThrow("database down");
    expect(reads).toBe(1);
    expect(await copy.get()).toBe("hours");
    expect(await copy.get()).toBe("hours");
    expect(reads).toBe(2);
  });

  it("hands a read it may not keep to its callers and reads again next time", async () => {
    let reads = 0;
    const copy = createShortLivedCopy({ load: async () => ({ value: ++reads, keep: false }), lifetimeMs: 5_000 });
    expect(await copy.get()).toBe(1);
    expect(await copy.get()).toBe(2);
  });
});
