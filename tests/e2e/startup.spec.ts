import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// A second server, started as a person starts it in a terminal, behind a TLS proxy's address
// (PUBLIC_URL https, no TRUST_PROXY): the plain start-up lines, and form posts that still work.

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// No page is involved: run once, in the JavaScript project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the same server start is checked once");

let server: ChildProcess;
let output = "";
let base = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-startup-"));
  // `script` gives the server a terminal, as `npm start` in a shell has.
  server = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} build/server.js`, "/dev/null"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://movers.example",
      TRUST_PROXY: "",
      ADMIN_EMAIL: "owner@example.com",
      // Unset, as on a first start: a password is generated and shown once.
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("a terminal gets the address to open and the admin's login as plain lines", async () => {
  await expect.poll(() => output).toContain("Open https://movers.example");
  const admin = /Admin: owner@example\.com \/ (\S+)/.exec(output);
  expect(admin?.[1]).toBeTruthy();
  // The JSON log is still written for collectors.
  expect(output).toContain('"msg":"listening"');
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
