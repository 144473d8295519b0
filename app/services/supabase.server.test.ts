import { describe, expect, it } from "vitest";
import { createStatelessAnonClient, createVisitorClient, queueCookie, type SupabaseConnection } from "./supabase.server";

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

describe("the server's clients acting for a visitor", () => {
  const browserRequest = new Request("http://localhost:3000/", { headers: { "x-forwarded-for": "203.0.113.66", "sb-forwarded-for": "203.0.113.66" } });

  /** A connection whose fetch records the headers of each call and answers as the auth service does to a wrong password. */
  function recordingConnection(forwardClientAddress: boolean) {
    const sent: Headers[] = [];
    const connection: SupabaseConnection = {
      url: "http://localhost:54321",
      anonKey: "anon-key",
      forwardClientAddress,
      fetch: async (_input, init) => {
        sent.push(new Headers(init?.headers));
        return Response.json({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" }, { status: 400 });
      },
    };
    return { connection, sent };
  }

  it("name the visitor's address as the server trusts it, never an address the browser wrote", async () => {
    const { connection, sent } = recordingConnection(true);
    const visitor = createVisitorClient(browserRequest, connection, { secureCookies: false, responseHeaders: new Headers(), clientIp: "198.51.100.5" });
    await visitor.auth.signInWithPassword({ email: "dana@example.com", password: "Wrong-Horse-9" });
    await createStatelessAnonClient(connection, "198.51.100.6").auth.signUp({ email: "dana@example.com", password: "Wrong-Horse-9" });
    expect(sent.map((headers) => [headers.get("sb-forwarded-for"), headers.get("x-forwarded-for")])).toEqual([
      ["198.51.100.5", null],
      ["198.51.100.6", null],
    ]);
  });

  it("name no address where the auth service would not honour it (a hosted project without IP address forwarding)", async () => {
    const { connection, sent } = recordingConnection(false);
    await createVisitorClient(browserRequest, connection, {
      secureCookies: false,
      responseHeaders: new Headers(),
      clientIp: "198.51.100.5",
    }).auth.signInWithPassword({
      email: "dana@example.com",
      password: "Wrong-Horse-9",
    });
    expect(sent.map((headers) => headers.has("sb-forwarded-for"))).toEqual([false]);
  });
});
