import { describe, expect, it } from "vitest";
import { otherSidebarState, sidebarCookie, sidebarStateFrom } from "./admin-sidebar";

describe("the sidebar cookie", () => {
  it("reads what it wrote, and anything else as open", () => {
    expect(sidebarStateFrom(sidebarCookie("collapsed").split(";")[0]!)).toBe("collapsed");
    expect(sidebarStateFrom(`theme=dark; ${sidebarCookie("expanded").split(";")[0]}`)).toBe("expanded");
    expect(sidebarStateFrom("admin_sidebar=collapsedx")).toBe("expanded");
    expect(sidebarStateFrom("my_admin_sidebar=collapsed")).toBe("expanded");
    expect(sidebarStateFrom(null)).toBe("expanded");
  });

  it("lasts seven days", () => {
    expect(sidebarCookie("collapsed")).toContain("Max-Age=604800");
    expect(otherSidebarState("collapsed")).toBe("expanded");
  });
});
