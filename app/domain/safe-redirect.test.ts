import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/admin/bookings?status=pending")).toBe("/admin/bookings?status=pending");
  });

  it.each([
    ["//evil.com"],
    ["https://evil.com"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["/\\/evil.com"],
    ["http:/evil.com"],
    ["javascript:alert(1)"],
    ["/\tevil"],
    ["evil.com"],
    [""],
    ["/.//evil.com"],
    ["/%2e%2e//evil.com"],
    ["/%2E//evil.com"],
    ["/a/..//evil.com"],
    ["/./\\evil.com"],
  ])("refuses %j", (candidate) => {
    expect(safeRedirectPath(candidate, "/dashboard")).toBe("/dashboard");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(undefined, "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath(42, "/dashboard")).toBe("/dashboard");
  });

  it("keeps the path a browser would follow, after dot segments are resolved", () => {
    expect(safeRedirectPath("/dashboard/./bookings/../?tab=profile")).toBe("/dashboard/?tab=profile");
    // A Location of //evil.com would leave the site: the normalised path is checked again.
    for (const candidate of ["/.//evil.com", "/%2e%2e//evil.com"]) {
      expect(safeRedirectPath(candidate, "/x").startsWith("//")).toBe(false);
    }
  });

  it("keeps encoded characters encoded, so they cannot split headers", () => {
    expect(safeRedirectPath("/%0d%0aSet-Cookie:x")).toBe("/%0d%0aSet-Cookie:x");
  });
});
