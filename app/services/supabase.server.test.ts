import { describe, expect, it } from "vitest";
import { queueCookie } from "./supabase.server";

describe("queueCookie", () => {
  it("sends a cookie written twice in one request once, with its last value, beside the others", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "flash_toast=abc; Path=/; HttpOnly");
    queueCookie(headers, "sb-localhost-auth-token", "sb-localhost-auth-token=first; Path=/");
    queueCookie(headers, "sb-localhost-auth-token.0", "sb-localhost-auth-token.0=; Max-Age=0");
    queueCookie(headers, "sb-localhost-auth-token", "sb-localhost-auth-token=second; Path=/");
    expect(headers.getSetCookie()).toEqual([
      "flash_toast=abc; Path=/; HttpOnly",
      "sb-localhost-auth-token.0=; Max-Age=0",
      "sb-localhost-auth-token=second; Path=/",
    ]);
  });
});
