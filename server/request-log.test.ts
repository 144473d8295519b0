import { Writable } from "node:stream";
import express from "express";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { redactUrl, requestLogger } from "./request-log.ts";

describe("redactUrl", () => {
  it("hides API keys, signed-URL tokens, recovery token hashes, session tokens and booking claims", () => {
    expect(redactUrl("/rest/v1/bookings?apikey=eyJhbGci.secret&select=*")).toBe("/rest/v1/bookings?apikey=[redacted]&select=*");
    expect(redactUrl("/storage/v1/object/sign/avatars/a.png?token=abc.def")).toBe("/storage/v1/object/sign/avatars/a.png?token=[redacted]");
    expect(redactUrl("/reset-password?token_hash=pkce_123&type=recovery")).toBe("/reset-password?token_hash=[redacted]&type=recovery");
    expect(redactUrl("/x?APIKEY=1&access%5Ftoken=2&refresh_token=3")).toBe("/x?APIKEY=[redacted]&access%5Ftoken=[redacted]&refresh_token=[redacted]");
    expect(redactUrl("/?auth=signup&redirectTo=%2Fdashboard&claim=b54135af.1795565464953.sig")).toBe("/?auth=signup&redirectTo=%2Fdashboard&claim=[redacted]");
  });

  it("leaves other URLs alone", () => {
    expect(redactUrl("/?auth=login&redirectTo=%2Fdashboard")).toBe("/?auth=login&redirectTo=%2Fdashboard");
    expect(redactUrl("/dashboard")).toBe("/dashboard");
  });
});

/** Requests `path` from a server that only logs and answers "ok"; the response and what was logged. */
async function requestLogged(path: string, init?: RequestInit): Promise<{ response: Response; log: string }> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const app = express();
  app.use(requestLogger(pino({ level: "info" }, sink)));
  app.get("/{*path}", (_request, response) => {
    response.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
    return { response, log: lines.join("") };
  } finally {
    server.close();
  }
}

describe("requestLogger", () => {
  it("writes no secret, cookie or authorization header into the log", async () => {
    const { log } = await requestLogged("/reset-password?token_hash=SECRET-HASH&type=recovery&apikey=SECRET-KEY", {
      headers: { cookie: "sb-access-token=SECRET-COOKIE", authorization: "Bearer SECRET-BEARER" },
    });
    expect(log).toContain("/reset-password?token_hash=[redacted]&type=recovery&apikey=[redacted]");
    expect(log).not.toMatch(/SECRET-(HASH|KEY|COOKIE|BEARER)/);
  });

  it("writes the payment page's line without its Checkout Session id", async () => {
    const { response, log } = await requestLogged("/payment-success?session_id=cs_test_a1B2c3SECRET");
    expect(response.status).toBe(200);
    expect(log).toContain('"url":"/payment-success?session_id=[redacted]"');
    expect(log).not.toContain("cs_test_a1B2c3SECRET");
  });
});
