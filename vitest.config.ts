import { defineConfig } from "vitest/config";

// Unit, integration and emulator contract tests. Kept apart from vite.config.ts so the
// React Router plugin does not run inside Vitest.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "emulators/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    environment: "node",
    // The production server build is loaded by Node itself, not transformed again (it is large, and built).
    server: { deps: { external: [/\/build\/server\//] } },

    globalSetup: ["tests/support/vitest-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two workers even on a 2-core machine (the default leaves one core idle): the integration and
    // emulator files spend much of their time waiting on I/O and timers, so two take 0.65 of the time.
    maxWorkers: 2,
    // Files share their worker's module cache: each starts its own backend and app, and no test file
    // changes a module's state for the next, so loading the server build and compiling PGlite once a
    // worker (not once a file) takes the suite from about 410 s to 280 s on two cores.
    isolate: false,
  },
});
