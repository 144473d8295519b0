import { expect } from "vitest";
import type { Visitor } from "./app-client.ts";

/**
 * `path` is for staff only: a guest is sent to the login view (and back here after signing in), a
 * signed-in customer gets the Access Denied page with a 403, and neither is shown any of `hidden`.
 */
export async function expectStaffOnly(path: string, { guest, customer, hidden = [] }: { guest: Visitor; customer: Visitor; hidden?: string[] }) {
  const toLogin = await guest.get(path);
  expect(toLogin.status, `a guest on ${path}`).toBe(302);
  expect(toLogin.location, `a guest on ${path}`).toBe(`/?${new URLSearchParams({ auth: "login", redirectTo: path })}`);
  const denied = await customer.get(path);
  expect(denied.status, `a customer on ${path}`).toBe(403);
  expect(denied.text, `a customer on ${path}`).toContain("Access Denied");
  for (const text of hidden) {
    expect(toLogin.html, `a guest on ${path}`).not.toContain(text);
    expect(denied.html, `a customer on ${path}`).not.toContain(text);
  }
}
