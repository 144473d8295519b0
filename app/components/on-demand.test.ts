import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand";

const Dialog = () => null;

describe("onDemand", () => {
  it("fetches the code once, however often it is asked for", async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const { fetchCode } = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([fetchCode(), fetchCode()])).toEqual([Dialog, Dialog]);
    expect(await fetchCode()).toBe(Dialog);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed fetch (a lost connection)", async () => {
    const load = vi.fn<() => Promise<typeof Dialog>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(Dialog);
    const { fetchCode } = onDemand(load);
    await expect(fetchCode()).rejects.toThrow("offline");
    expect(await fetchCode()).toBe(Dialog);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
