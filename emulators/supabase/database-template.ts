import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** The installed PGlite's version: a template is only good for the build of PostgreSQL that wrote it. */
function pgliteVersion(): string {
  let directory = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (directory !== dirname(directory)) {
    const manifest = join(directory, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (name === "@electric-sql/pglite" && version) return version;
    }
    directory = dirname(directory);
  }
  throw new Error("Cannot find the installed version of @electric-sql/pglite");
}

/** What the emulator writes beyond the scripts themselves (each migration's bookkeeping row): raised when that
 *  changes, so no template made the older way is copied. */
const TEMPLATE_LAYOUT = "2: migrations recorded with their statements";

/** Where the copy of a database built from exactly these scripts is kept: the name is a digest of the
 *  PGlite version, the template layout and every script's name and text, so editing a migration makes a new template. */
export function templateFile(cacheDir: string, scripts: { bootstrapSql: string; migrationsDir: string; seedFile?: string }): string {
  const digest = createHash("sha256").update(pgliteVersion()).update("\0").update(TEMPLATE_LAYOUT).update("\0").update(scripts.bootstrapSql);
  if (existsSync(scripts.migrationsDir)) {
    for (const file of readdirSync(scripts.migrationsDir).sort()) {
      if (!file.endsWith(".sql")) continue;
      digest.update(`\0${file}\0`).update(readFileSync(join(scripts.migrationsDir, file)));
    }
  }
  if (scripts.seedFile && existsSync(scripts.seedFile)) digest.update("\0seed\0").update(readFileSync(scripts.seedFile));
  return join(cacheDir, `${digest.digest("hex").slice(0, 32)}.tar`);
}

/** The saved database, ready for PGlite's loadDataDir, or undefined when there is none yet. */
export function readTemplate(file: string): Blob | undefined {
  if (!existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}

/** Saves the database as a template. Written under a temporary name and renamed, so a process that
 *  starts meanwhile never reads half a file, and two that build the same template at once both succeed. */
export async function saveTemplate(pg: PGlite, file: string, cacheDir: string): Promise<void> {
  const dump = await pg.dumpDataDir("none");
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}
