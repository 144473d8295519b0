/**
 * Where `npm run build` keeps the embedded database as the migrations and seed leave it: a server
 * whose DATA_DIR holds no database yet starts from a copy instead of creating and migrating one.
 */
export const EMBEDDED_DATABASE_TEMPLATES_DIR = "build/database-templates";
