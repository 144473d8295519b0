// Writes supabase/types.ts, the Database type of supabase/migrations: `npm run db:types`.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DATABASE_TYPES_FILE, generateDatabaseTypesFromMigrations } from "./database-types/generate.ts";

const types = await generateDatabaseTypesFromMigrations();
const previous = await readFile(DATABASE_TYPES_FILE, "utf8").catch(() => null);
const name = path.relative(process.cwd(), DATABASE_TYPES_FILE);
if (previous === types) {
  console.log(`${name} is up to date`);
} else {
  await writeFile(DATABASE_TYPES_FILE, types);
  console.log(`wrote ${name}`);
}
