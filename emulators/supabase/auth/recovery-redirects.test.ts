import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRedirectAllowed } from "./redirects.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// Where a recovery email's link may send its reader, as GoTrue decides it: back to the site (the
// site URL's scheme, host and port; any port on a loopback host), or to an address on the allow
// list of additional redirect URLs. Anything else falls back to the site URL.

const SITE = "https://movers.example";
let site: TestBackend;

beforeAll(async () => {
  site = await startTestBackend({ url: SITE, additionalRedirectUrls: ["https://staging.movers.example/**", "movers-app://*"] });
});
afterAll(async () => {
  await site?.close();
});

/** The redirect the recovery email of a reset asked with `redirectTo` carries. */
async function redirectOf(backend: TestBackend, redirectTo: string): Promise<string> {
  const email = uniqueEmail("redirect");
  await backend.adminCreateUser(email, "correct-horse-42");
  const { error } = await backend.createClient().auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
  const sent = backend.readOutbox().findLast((message) => message.to === email);
  if (!sent) throw new Error(`no email was sent to ${email}`);
  expect(sent.link.startsWith(sent.redirectTo)).toBe(true);
  return sent.redirectTo;
}

describe.skipIf(usingHostedBackend)("the redirect of a recovery email", () => {
  it("keeps an address on the site itself, and one on the allow list", async () => {
    expect(await redirectOf(site, `${SITE}/reset-password`)).toBe(`${SITE}/reset-password`);
    expect(await redirectOf(site, "https://staging.movers.example/reset-password?from=mail")).toBe("https://staging.movers.example/reset-password?from=mail");
    expect(await redirectOf(site, "movers-app://reset")).toBe("movers-app://reset");
  });

  it("falls back to the site URL for the site's host with another scheme or port", async () => {
    for (const elsewhere of [
      "javascript://movers.example/%0aalert(document.cookie)",
      "http://movers.example/reset-password",
      "https://movers.example:6666/reset-password",
      "data://movers.example/text/html,hi",
    ]) {
      expect(await redirectOf(site, elsewhere)).toBe(SITE);
    }
  });

  it("falls back to the site URL for other hosts and addresses not on the list", async () => {
    for (const elsewhere of [
      "https://evil.example.net/steal",
      "https://movers.example.evil.example.net/",
      "https://staging.movers.example.evil.net/",
      "http://staging.movers.example/reset-password",
      "movers-app://reset/deeper",
      "http://2130706433/",
      "http://10.0.0.7/",
      "not a url",
    ]) {
      expect(await redirectOf(site, elsewhere)).toBe(SITE);
    }
  });
});

describe("a loopback site's redirects", () => {
  const local = { url: "http://localhost:3000", additionalRedirectUrls: [] };

  it("refuse another scheme on its host; any port is the same loopback site (RFC 8252)", () => {
    expect(isRedirectAllowed("javascript://localhost/%0aalert(1)", local)).toBe(false);
    expect(isRedirectAllowed("https://localhost:3000/reset-password", local)).toBe(false);
    expect(isRedirectAllowed("http://localhost:3000/reset-password", local)).toBe(true);
    expect(isRedirectAllowed("http://localhost:6666/reset-password", local)).toBe(true);
  });

  it("allow a loopback address, written as one, and no other address", () => {
    expect(isRedirectAllowed("http://127.0.0.1:4000/", local)).toBe(true);
    expect(isRedirectAllowed("http://[::1]:4000/", local)).toBe(true);
    expect(isRedirectAllowed("http://2130706433/", local)).toBe(false);
    expect(isRedirectAllowed("http://0x7f.1/", local)).toBe(false);
    expect(isRedirectAllowed("http://192.168.1.20:3000/", local)).toBe(false);
  });
});
