import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";

/** The Supabase Storage API (/storage/v1) over storage.buckets / storage.objects. */
export function createStorageHandler(
  db: EmulatorDatabase,
  config: EmulatorConfig,
): (request: Request, subpath: string) => Promise<Response> {
  void db;
  void config;
  return async () =>
    Response.json(
      { statusCode: "404", error: "not_found", message: "Route not found" },
      { status: 400 },
    );
}
