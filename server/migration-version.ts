import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** The newest version among <version>_<name>.sql files, as the migration tool records it; undefined without any. */
export function newestMigrationVersion(migrationsDir: string): string | undefined {
  if (!existsSync(migrationsDir)) return undefined;
  return readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .map((file) => file.split("_", 1)[0]!.replace(/\.sql$/, ""))
    .sort()
    .at(-1);
}

/** Set by the build (scripts/build-server.mjs) from supabase/migrations: the image need not carry the folder. */
declare const BUILT_WITH_MIGRATION: string | undefined;

/** The newest migration this code expects the database to have: the build's, or in development the folder's. */
export function expectedMigrationVersion(): string | undefined {
  return typeof BUILT_WITH_MIGRATION === "string" ? BUILT_WITH_MIGRATION : newestMigrationVersion(path.resolve("supabase/migrations"));
}
