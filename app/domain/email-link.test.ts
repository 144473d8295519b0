import { describe, expect, it } from "vitest";
import { mailtoHref } from "./email-link";

describe("mailtoHref", () => {
  it("links a plain address as it is", () => {
    expect(mailtoHref("ann.lee@example.com")).toBe("mailto:ann.lee@example.com");
  });

  it("percent-encodes the local part, so characters an address may hold stay part of it", () => {
    expect(mailtoHref("ann+moves@example.com")).toBe("mailto:ann%2Bmoves@example.com");
    expect(mailtoHref("a&b?c@example.com")).toBe("mailto:a%26b%3Fc@example.com");
  });

  it("gives no link for an address that adds recipients, headers or a body", () => {
    expect(mailtoHref("victim@example.com?bcc=thief@evil.example&subject=Refund")).toBeNull();
    expect(mailtoHref("victim@example.com?subject=Refund&body=Pay.here")).toBeNull();
    expect(mailtoHref("victim@example.com,thief@evil.example")).toBeNull();
    expect(mailtoHref("victim@example.com%3Fbcc=x")).toBeNull();
    expect(mailtoHref("victim@example.com\r\nBcc: thief@evil.example")).toBeNull();
  });

  it("gives no link for text that is no address", () => {
    expect(mailtoHref("")).toBeNull();
    expect(mailtoHref("not an email")).toBeNull();
    expect(mailtoHref("ann@localhost")).toBeNull();
    expect(mailtoHref("ann lee@example.com")).toBeNull();
    expect(mailtoHref(`${"a".repeat(320)}@example.com`)).toBeNull();
  });
});
