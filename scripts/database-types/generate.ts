import { fileURLToPath } from "node:url";
import { format } from "prettier";
import { createSupabaseEmulator } from "../../emulators/supabase/index.ts";
import { readCatalog, type QueryFunction } from "./catalog.ts";
import { renderDatabaseTypes, renderHelperTypes } from "./render.ts";

const repositoryRoot = new URL("../../", import.meta.url);

/** The committed Database type. */
export const DATABASE_TYPES_FILE = fileURLToPath(new URL("supabase/types.ts", repositoryRoot));

export interface GenerateOptions {
  /** Schemas the API exposes; "public" by default. */
  schemas?: string[];
  /** The PostgREST major version supabase-js should assume ("13"). */
  postgrestVersion?: string;
}

/**
 * The Database type of a database's schemas, formatted as `supabase gen types typescript` prints it
 * (Prettier with the CLI's options: TypeScript parser, no semicolons).
 */
export async function generateDatabaseTypes(query: QueryFunction, options: GenerateOptions = {}): Promise<string> {
  const schemas = options.schemas ?? ["public"];
  const catalog = await readCatalog(query, schemas);
  const defaultSchema = "public";
  const rendered = renderDatabaseTypes(catalog, {
    defaultSchema,
    postgrestVersion: options.postgrestVersion ?? "13",
  });
  const prettierOptions = { parser: "typescript", semi: false } as const;
  return [await format(rendered.database, prettierOptions), renderHelperTypes(defaultSchema), await format(rendered.constants, prettierOptions)].join("\n");
}

/** Applies supabase/migrations (and seed.sql) to a fresh in-memory database and generates its types. */
export async function generateDatabaseTypesFromMigrations(options: GenerateOptions = {}): Promise<string> {
  const emulator = await createSupabaseEmulator({
    url: "http://localhost:54321",
    migrationsDir: fileURLToPath(new URL("supabase/migrations", repositoryRoot)),
    seedFile: fileURLToPath(new URL("supabase/seed.sql", repositoryRoot)),
  });
  try {
    return await generateDatabaseTypes((sql, params) => emulator.db.pg.query(sql, params), options);
  } finally {
    await emulator.close();
  }
}
