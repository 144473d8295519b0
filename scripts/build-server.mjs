// Compiles server.ts (and what it imports outside app/) to build/server.js. Packages stay external:
// node_modules is installed next to the build, in development and in the container alike.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
});
