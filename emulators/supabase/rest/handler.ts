import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";

/** PostgREST subset served under /rest/v1; `subpath` is the path after that prefix, e.g. "/bookings". */
export function createRestHandler(
  db: EmulatorDatabase,
  config: EmulatorConfig,
): (request: Request, subpath: string) => Promise<Response> {
  void db;
  void config;
  return async () =>
    Response.json(
      { code: "PGRST000", details: null, hint: null, message: "REST API not available yet" },
      { status: 503 },
    );
}
