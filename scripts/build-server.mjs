// Compiles server.ts (and what it imports outside app/) to build/server.js. Packages stay external:
// node_modules is installed next to the build, in development and in the container alike. What
// server.ts imports only when used (the embedded Supabase, Stripe and mail catcher) goes in chunks of
// its own, build/server-*.js, with the packages they import: a server on hosted backends loads none of it.
import { copyFileSync } from "node:fs";
import { build } from "esbuild";
import { newestMigrationVersion } from "../server/migration-version.ts";

const result = await build({
  entryPoints: ["server.ts"],
  outdir: "build",
  entryNames: "[name]",
  chunkNames: "server-[name]-[hash]",
  splitting: true,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  // The newest migration this build expects the database to have, for /readyz: known at build time,
  // so a server using a hosted project needs no supabase/migrations beside it.
  define: { BUILT_WITH_MIGRATION: JSON.stringify(newestMigrationVersion("supabase/migrations") ?? null) },
});

// App code belongs to the server build (server/app.ts, built by Vite): bundled here too, it would
// exist twice, and the request-context keys set here would not be the ones the routes read.
const appModules = Object.keys(result.metafile.inputs).filter((input) => input.startsWith("app/"));
if (appModules.length > 0) {
  console.error(`server.ts must reach app code through server/app.ts, yet bundles:\n  ${appModules.join("\n  ")}`);
  process.exit(1);
}

// The embedded Supabase reads its bootstrap SQL beside its own module, which is now a chunk in build/.
copyFileSync("emulators/supabase/bootstrap.sql", "build/bootstrap.sql");
