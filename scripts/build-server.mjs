// Compiles server.ts (and what it imports outside app/) to build/server.js. Packages stay external:
// node_modules is installed next to the build, in development and in the container alike.
import { copyFileSync } from "node:fs";
import { build } from "esbuild";
import { newestMigrationVersion } from "../server/migration-version.ts";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  logLevel: "warning",
  // The newest migration this build expects the database to have, for /readyz: known at build time,
  // so a server using a hosted project needs no supabase/migrations beside it.
  define: { BUILT_WITH_MIGRATION: JSON.stringify(newestMigrationVersion("supabase/migrations") ?? null) },
});

// The embedded Supabase reads its bootstrap SQL beside its own module, which is now build/server.js.
copyFileSync("emulators/supabase/bootstrap.sql", "build/bootstrap.sql");
