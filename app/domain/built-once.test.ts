import { describe, expect, it, vi } from "vitest";
import { builtForKey, builtOnce } from "./built-once";

describe("builtOnce", () => {
  it("builds nothing until asked, then once", () => {
    const build = vi.fn(() => ({ schema: true }));
    const value = builtOnce(build);
    expect(build).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe("builtForKey", () => {
  it("keeps the last key's value and builds again for another key", () => {
    const build = vi.fn((day: string) => ({ day }));
    const forDay = builtForKey(build);
    const first = forDay("2026-11-29");
    expect(forDay("2026-11-29")).toBe(first);
    expect(forDay("2026-11-30")).toEqual({ day: "2026-11-30" });
    expect(forDay("2026-11-29")).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(3);
  });
});
