import { afterEach, describe, expect, it, vi } from "vitest";
import { collectStartUpGarbage } from "./start-up-garbage.ts";

describe("the start-up's garbage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is collected by one memory-reducing collection when V8's collector is exposed", () => {
    const gc = vi.fn(async () => {});
    vi.stubGlobal("gc", gc);
    collectStartUpGarbage();
    expect(gc).toHaveBeenCalledExactlyOnceWith({ type: "major", execution: "async", flavor: "last-resort" });
  });

  it("is left to V8 when the collector is not exposed", () => {
    vi.stubGlobal("gc", undefined);
    expect(() => collectStartUpGarbage()).not.toThrow();
  });
});
