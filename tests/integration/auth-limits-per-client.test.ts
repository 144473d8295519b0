import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uniqueEmail } from "../../emulators/supabase/testing/index.ts";
import { createMailer } from "../../app/services/mailer.server.ts";
import { startBackends, type Backends } from "../../server/backends.ts";
import { readConfig } from "../../server/config.ts";
import { startTestApp, type AppBackend, type TestApp, type Visitor } from "./support/app-client.ts";
import { TEST_PASSWORD } from "./support/app-harness.ts";
import { caughtAuthEmailsTo } from "../support/caught-auth-emails.ts";

// The server's own wiring (startBackends) with the embedded Supabase at GoTrue's real per-address limits
// (not the lifted ones of other suites) and email confirmations on, as hosted: the app's sign-in,
// sign-up, reset and confirmation forms posted from many addresses through the app's request handler.
// One visitor's failures must never spend the auth service's allowance of the others, however the app
// reaches it.

let dataDir: string;
let backends: Backends;
let app: TestApp<AppBackend>;
let server: Server | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "auth-limits-per-client-"));
  const config = readConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "3996",
    LOG_LEVEL: "silent",
    EMBEDDED_AUTH_RATE_LIMITS: "gotrue",
    EMBEDDED_EMAIL_CONFIRMATIONS: "1",
    // Shorter than auth-js's margin (90 s): every page a signed-in visitor opens refreshes the session.
    EMBEDDED_ACCESS_TOKEN_SECONDS: "60",
  });
  backends = await startBackends(config, pino({ level: "silent" }), { businessName: "Metro Movers", createMailer });
  const { connection, serviceRoleKey } = backends.supabase;
  app = await startTestApp({ ...connection, serviceRoleKey }, { supabase: connection, accessTokenKey: backends.supabase.accessTokenKey });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await backends?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function confirmedCustomer(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const { error } = await app.serviceRole.auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  return email;
}

const signIn = (browser: Visitor, email: string, password = TEST_PASSWORD) =>
  browser.post("/?index", { intent: "login", email, password, redirectTo: "/dashboard" });

const signUp = (browser: Visitor, email: string) =>
  browser.post("/?index", { intent: "signup", fullName: "Dana Client", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });

/** Whose account the page's frame shows: the root middleware reads (and, when due, refreshes) the session. */
async function signedInAs(browser: Visitor): Promise<string | null> {
  const root = await browser.load<{ account: { email: string } | null }>("/dashboard", "root");
  return root.value?.account?.email ?? null;
}

/** The link of the last email of this type sent to this address (the embedded mail catcher's, in DATA_DIR/mail). */
async function emailedTokenHash(to: string, type: "recovery" | "signup"): Promise<string> {
  return vi.waitFor(() => {
    const sent = caughtAuthEmailsTo(to, dataDir).findLast((message) => message.type === type);
    if (!sent) throw new Error(`no ${type} email to ${to} yet`);
    return new URL(sent.link).searchParams.get("token_hash")!;
  });
}

const browserAt = (clientIp: string) => app.visitor({ clientIp });

/** The session @supabase/ssr keeps in the browser's cookies (split into `.0`, `.1`… when long). */
const sessionCookies = (browser: Visitor) =>
  [...browser.cookies()]
    .filter(([name]) => name.startsWith(app.services.sessionCookieName))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");

describe("the auth service's limits, reached through the app", () => {
  it("count failed sign-ins per client: another address still signs in, and a signed-in visitor's session still refreshes", async () => {
    const signedInEarlier = await confirmedCustomer("limits-earlier");
    const visitor = browserAt("198.51.100.20");
    expect((await signIn(visitor, signedInEarlier)).status).toBe(302);
    const sessionBefore = sessionCookies(visitor);

    // A script keeps failing sign-ins from one address, ten at once, faster than any bucket refills,
    // while the others come and go.
    const attacker = browserAt("203.0.113.66");
    const statuses: number[] = [];
    let attacking = true;
    const attack = (async () => {
      while (attacking) {
        const round = Array.from({ length: 10 }, () => signIn(attacker, uniqueEmail("limits-guess"), "Wrong-Horse-9"));
        for (const answer of await Promise.all(round)) statuses.push(answer.status);
      }
    })();
    try {
      // GoTrue's token bucket holds 30: the attacker's own address is soon held.
      await vi.waitFor(() => expect(statuses).toContain(429), { timeout: 60_000, interval: 50 });
      expect(statuses.slice(0, 30)).toEqual(Array.from({ length: 30 }, () => 400));

      expect(await signedInAs(visitor)).toBe(signedInEarlier);
      // The page refreshed the session (a new access token in the cookies), it did not just read it.
      expect(sessionCookies(visitor)).not.toBe(sessionBefore);
      const later = await confirmedCustomer("limits-later");
      expect((await signIn(browserAt("198.51.100.21"), later)).status).toBe(302);
    } finally {
      attacking = false;
      await attack;
    }
  }, 180_000);

  it("count sign-ups per client: a few busy addresses leave sign-up open to everyone else", async () => {
    const statuses: number[] = [];
    for (const clientIp of ["203.0.113.71", "203.0.113.72", "203.0.113.73"]) {
      const attacker = browserAt(clientIp);
      for (let attempt = 0; attempt < 12; attempt++) statuses.push((await signUp(attacker, uniqueEmail("limits-signup-flood"))).status);
    }
    expect(statuses).toEqual(Array.from({ length: 36 }, () => 302));

    const newcomer = uniqueEmail("limits-newcomer");
    expect((await signUp(browserAt("198.51.100.30"), newcomer)).status).toBe(302);
    await emailedTokenHash(newcomer, "signup");
  }, 180_000);

  it("count wrong reset and confirmation links per address: guesses from three addresses leave genuine links working elsewhere", async () => {
    const resetting = await confirmedCustomer("limits-reset");
    expect((await browserAt("198.51.100.40").post("/?index", { intent: "forgot", email: resetting })).status).toBe(302);
    const resetTokenHash = await emailedTokenHash(resetting, "recovery");
    const confirming = uniqueEmail("limits-confirm");
    expect((await signUp(browserAt("198.51.100.41"), confirming)).status).toBe(302);
    const confirmTokenHash = await emailedTokenHash(confirming, "signup");

    const guess = (browser: Visitor, attempt: number) => {
      const tokenHash = `${attempt.toString(16).padStart(8, "0")}${"0".repeat(48)}`;
      return attempt % 2 === 0
        ? browser.post("/reset-password", {
            intent: "reset-password",
            tokenHash,
            password: "New-Horse-42",
            confirmPassword: "New-Horse-42",
          })
        : browser.post("/auth/confirm", { intent: "confirm-email", tokenHash, type: "signup" });
    };
    const first = browserAt("203.0.113.81");
    const firstStatuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) firstStatuses.push((await guess(first, attempt)).status);
    // One address's 31st guess within 10 minutes is refused.
    expect(firstStatuses).toEqual([...Array.from({ length: 30 }, () => 400), 429]);
    const othersStatuses: number[] = [];
    for (const clientIp of ["203.0.113.82", "203.0.113.83"]) {
      const browser = browserAt(clientIp);
      for (let attempt = 0; attempt < 10; attempt++) othersStatuses.push((await guess(browser, attempt)).status);
    }
    expect(othersStatuses).toEqual(Array.from({ length: 20 }, () => 400));

    const resetter = browserAt("198.51.100.42");
    const reset = await resetter.post("/reset-password", {
      intent: "reset-password",
      tokenHash: resetTokenHash,
      password: "New-Horse-42",
      confirmPassword: "New-Horse-42",
    });
    expect(reset.status).toBe(302);
    expect(await signedInAs(resetter)).toBe(resetting);
    const confirmer = browserAt("198.51.100.43");
    const confirmation = await confirmer.post("/auth/confirm", { intent: "confirm-email", tokenHash: confirmTokenHash, type: "signup" });
    expect(confirmation.status).toBe(302);
    expect(await signedInAs(confirmer)).toBe(confirming);
  }, 180_000);

  it("never let a caller of the HTTP API (a browser) name its own address", async () => {
    const app = express();
    for (const api of backends.httpApis) app.use(api.paths, api.handler);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const { port } = server.address() as { port: number };
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, attempt) => {
        const forged = `198.18.0.${attempt}`;
        const response = await fetch(`http://127.0.0.1:${port}/auth/v1/token?grant_type=refresh_token`, {
          method: "POST",
          headers: { apikey: backends.supabase.connection.anonKey, "content-type": "application/json", "sb-forwarded-for": forged, "x-forwarded-for": forged },
          body: JSON.stringify({ refresh_token: `not-a-refresh-token-${attempt}` }),
        });
        return response.status;
      }),
    );
    // Every call counts against the one address the socket came from.
    expect(statuses).toContain(429);
  }, 180_000);
});
