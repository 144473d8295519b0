import { defineConfig } from "vitest/config";

// Unit, integration and emulator contract tests. Kept apart from vite.config.ts so the
// React Router plugin does not run inside Vitest.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "emulators/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
