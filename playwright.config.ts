import { rmSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN, E2E_WORKERS, e2eBaseUrl, e2eDataDir, e2ePort } from "./tests/e2e/support/environment.ts";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "./server/node-flags.ts";
import { freePort } from "./server/testing/free-port.ts";

function e2eTrace(): "off" | "on" | "retain-on-failure" {
  const mode = process.env.E2E_TRACE ?? "off";
  if (mode === "off" || mode === "on" || mode === "retain-on-failure") return mode;
  throw new Error(`E2E_TRACE must be off, on or retain-on-failure, not ${mode}`);
}

// Ports chosen once: workers inherit them through the environment.
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => index);
// Decided once in the runner process; workers load this file again and inherit the ports.
if (!process.env.E2E_PORTS) {
  process.env.E2E_PORTS = (await Promise.all(servers.map(() => freePort()))).join(",");
  // Every run starts from empty databases.
  for (const index of servers) rmSync(e2eDataDir(index), { recursive: true, force: true });
}
// Each worker (TEST_PARALLEL_INDEX, set before a worker loads this file) talks to its own server.
const baseURL = e2eBaseUrl();

// Debian's Chromium headless shell, the build Playwright itself runs headless (its own browser download
// is not used): it starts pages about twice as fast as the full browser in headless mode.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // After the web servers start: gives each server's company crews to spare.
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  // Two browsers and two servers share two cores: a client navigation that replaces a 25-row admin
  // table has taken 6 s to render under that load, so an awaited condition gets 10 s.
  expect: { timeout: 10_000 },
  // Recording a trace of every test costs about a third of the suite's time on two cores, so a failure
  // keeps a screenshot and the page's accessibility snapshot; E2E_TRACE=retain-on-failure (or "on")
  // records traces when a failure needs one.
  use: { baseURL, trace: e2eTrace(), screenshot: "only-on-failure" },
  projects: [
    { name: "javascript", use: { ...chromium, javaScriptEnabled: true } },
    // The key flows again with JavaScript off: every page and form must work as plain HTML.
    { name: "no-javascript", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /\.enhanced\.spec\.ts$/ },
  ],
  webServer: servers.map((index) => ({
    command: ["node", ...SERVER_NODE_FLAGS, "build/server.js"].join(" "),
    url: `${e2eBaseUrl(index)}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      ...SERVER_ENVIRONMENT,
      NODE_ENV: "test",
      PORT: e2ePort(index),
      HOST: "127.0.0.1",
      DATA_DIR: e2eDataDir(index),
      LOG_LEVEL: "warn",
      // Access tokens expire after 3 s, so every signed-in step also exercises the cookie refresh.
      EMBEDDED_ACCESS_TOKEN_SECONDS: "3",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  })),
});
