// Builds the embedded database once, at build time, from the bootstrap SQL, supabase/migrations and
// supabase/seed.sql, and keeps its data directory in build/database-templates (named by a digest of
// those scripts): a server whose DATA_DIR holds no database yet starts from a copy of its files
// instead of creating a cluster and migrating it, which takes seconds and, while it runs, twice the
// memory. Nothing is done when the template is already there.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../emulators/supabase/config.ts";
import { dataDirectoryTemplate, openDatabase } from "../emulators/supabase/database.ts";
import { EMBEDDED_DATABASE_TEMPLATES_DIR } from "../server/embedded-database-templates.ts";

const templateCacheDir = path.resolve(EMBEDDED_DATABASE_TEMPLATES_DIR);
mkdirSync(templateCacheDir, { recursive: true });
// Built beside its final place and renamed when whole, so a half-built template is never copied.
const scratch = mkdtempSync(path.join(templateCacheDir, "building-"));
try {
  const config = resolveConfig({
    url: "http://localhost",
    dataDir: scratch,
    migrationsDir: path.resolve("supabase/migrations"),
    seedFile: path.resolve("supabase/seed.sql"),
    templateCacheDir,
  });
  const template = dataDirectoryTemplate(templateCacheDir, config);
  if (!existsSync(template)) {
    const database = await openDatabase(config);
    await database.close();
    renameSync(path.join(scratch, "pg"), template);
  }
  // Templates of earlier migrations would only take space: no server built from this code reads them.
  for (const entry of readdirSync(templateCacheDir)) {
    const other = path.join(templateCacheDir, entry);
    if (other !== template && other !== scratch) rmSync(other, { recursive: true, force: true });
  }
  console.log(`embedded database template: ${path.relative(process.cwd(), template)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
