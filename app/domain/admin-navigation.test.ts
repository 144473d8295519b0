import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_PERMISSIONS, adminPagesFor } from "./admin-navigation";
import { ROLE_PERMISSIONS } from "./permissions";

describe("the admin sidebar's pages", () => {
  it("are every page for an admin, the mailbox only while the embedded mail catcher runs", () => {
    expect(adminPagesFor(new Set(["admin"]), { mailbox: true })).toEqual([
      "/admin",
      "/admin/bookings",
      "/admin/pending",
      "/admin/active",
      "/admin/schedule",
      "/admin/customers",
      "/admin/users",
      "/admin/analytics",
      "/admin/crews",
      "/admin/messages",
      "/admin/settings",
      "/admin/mail",
    ]);
    expect(adminPagesFor(new Set(["admin"]), { mailbox: false })).toEqual(
      adminPagesFor(new Set(["admin"]), { mailbox: true }).filter((page) => page !== "/admin/mail"),
    );
  });

  it("are only those a moderator may open: no Settings, no mailbox", () => {
    const pages = adminPagesFor(new Set(["moderator"]), { mailbox: true });
    expect(pages).not.toContain("/admin/settings");
    expect(pages).not.toContain("/admin/mail");
    for (const page of pages) expect(ROLE_PERMISSIONS.moderator, page).toContain(ADMIN_PAGE_PERMISSIONS[page]);
    expect(pages).toHaveLength(10);
  });

  it("are none for a customer", () => {
    expect(adminPagesFor(new Set(["user"]), { mailbox: true })).toEqual([]);
  });
});
