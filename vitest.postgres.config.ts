import { defineConfig } from "vitest/config";

// The database on a real PostgreSQL server (`npm run test:postgres`, which starts one and sets
// TEST_POSTGRES_URL): the bootstrap, migrations and seed apply, and the SQL that several servers run at
// once holds under truly parallel connections. Kept out of vitest.config.ts, whose tests run on PGlite.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/postgres/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/postgres/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
