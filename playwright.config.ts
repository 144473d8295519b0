import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN, E2E_DATA_DIR } from "./tests/e2e/support/environment.ts";

/** A port nobody listens on, chosen once: workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const dataDir = E2E_DATA_DIR;
// Decided once in the runner process; workers load this file again and inherit the port.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  // Every run starts from an empty database.
  rmSync(dataDir, { recursive: true, force: true });
}
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

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
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "javascript", use: { ...chromium, javaScriptEnabled: true } },
    // The key flows again with JavaScript off: every page and form must work as plain HTML.
    { name: "no-javascript", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /\.enhanced\.spec\.ts$/ },
  ],
  webServer: {
    command: "node build/server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Access tokens expire after 3 s, so every signed-in step also exercises the cookie refresh.
      EMBEDDED_ACCESS_TOKEN_SECONDS: "3",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
