import { describe, expect, it } from "vitest";
import { attachmentIndex, formatMailAddresses, mailboxPage, mailboxPageHref } from "./admin-mailbox";

describe("the admin mailbox's URLs and labels", () => {
  it("reads the page, 1 for anything else", () => {
    expect(mailboxPage(new URLSearchParams("page=3"))).toBe(3);
    for (const search of ["", "page=0", "page=-2", "page=two", "page=1.5"]) expect(mailboxPage(new URLSearchParams(search)), search).toBe(1);
    expect(mailboxPageHref(1)).toBe("/admin/mail");
    expect(mailboxPageHref(2)).toBe("/admin/mail?page=2");
  });

  it("writes addresses with their names", () => {
    expect(
      formatMailAddresses([
        { name: "Ana Lee", address: "ana@example.com" },
        { name: "", address: "crew@example.com" },
      ]),
    ).toBe("Ana Lee <ana@example.com>, crew@example.com");
  });

  it("takes an attachment index only as a whole number", () => {
    expect(attachmentIndex("0")).toBe(0);
    expect(attachmentIndex("12")).toBe(12);
    for (const value of [undefined, "", "-1", "1e3", "../0", "x"]) expect(attachmentIndex(value), String(value)).toBeNull();
  });
});
