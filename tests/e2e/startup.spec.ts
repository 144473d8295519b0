import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer, type SpawnedServer } from "./support/spawn-server.ts";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

// A second server, started as a person starts it in a terminal, behind a TLS proxy's address
// (PUBLIC_URL https, no TRUST_PROXY): the plain start-up lines, and form posts that still work.

// No page is involved: run once, in the JavaScript project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the same server start is checked once");

let server: SpawnedServer;
let base = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-startup-"));
  server = await spawnServer({
    dataDir,
    env: {
      PUBLIC_URL: "https://movers.example",
      TRUST_PROXY: "",
      ADMIN_EMAIL: "owner@example.com",
      // Unset, as on a first start: a password is generated and shown once.
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "info",
    },
    // `script` gives the server a terminal, as `npm start` in a shell has.
    command: (node) => ["script", ["-qfec", `${[JSON.stringify(node), ...SERVER_NODE_FLAGS].join(" ")} build/server.js`, "/dev/null"]],
  });
  base = server.base;
});

test.afterAll(() => {
  server?.process.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("a terminal gets the address to open and the admin's login as plain lines", async () => {
  await expect.poll(() => server.output()).toContain("Open https://movers.example");
  expect(server.output()).toContain("Admin area: https://movers.example/admin");
  expect(server.output()).toContain("Admin email: owner@example.com");
  const password = /Password: (\S+)/.exec(server.output());
  expect(password?.[1]).toBeTruthy();
  // The JSON log is still written for collectors.
  expect(server.output()).toContain('"msg":"listening"');
});

test("form posts from the https address work behind a proxy without TRUST_PROXY", async ({ request }) => {
  const response = await request.post(`${base}/?auth=login&index`, {
    headers: { Origin: "https://movers.example", "Sec-Fetch-Site": "same-origin" },
    form: { intent: "login", email: "nobody@example.com", password: "Wrong1234" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Login Failed");
  const signOut = await request.post(`${base}/logout`, { headers: { Origin: "https://movers.example" }, form: {}, maxRedirects: 0 });
  expect(signOut.status()).toBe(302);
});

test("a browser posting from the address it reached the server at is served too", async ({ request }) => {
  const response = await request.post(`${base}/?auth=login&index`, {
    headers: { Origin: base, "Sec-Fetch-Site": "same-origin" },
    form: { intent: "login", email: "nobody@example.com", password: "Wrong1234" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Login Failed");
});
