import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_PERMISSIONS, adminPagesFor } from "./admin-navigation";
import { ROLE_PERMISSIONS } from "./permissions";

describe("the admin sidebar's pages", () => {
  it("are every page for an admin", () => {
    expect(adminPagesFor(new Set(["admin"]))).toEqual([
      "/admin",
      "/admin/bookings",
      "/admin/pending",
      "/admin/active",
      "/admin/schedule",
      "/admin/customers",
      "/admin/users",
      "/admin/analytics",
      "/admin/settings",
    ]);
  });

  it("are only those a moderator may open: no Settings", () => {
    const pages = adminPagesFor(new Set(["moderator"]));
    expect(pages).not.toContain("/admin/settings");
    for (const page of pages) expect(ROLE_PERMISSIONS.moderator, page).toContain(ADMIN_PAGE_PERMISSIONS[page]);
    expect(pages).toHaveLength(8);
  });

  it("are none for a customer", () => {
    expect(adminPagesFor(new Set(["user"]))).toEqual([]);
  });
});
