import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import type { Outbox } from "./outbox.ts";

/** GoTrue subset served under /auth/v1; `subpath` is the path after that prefix, e.g. "/token". */
export function createAuthHandler(
  db: EmulatorDatabase,
  config: EmulatorConfig,
  outbox: Outbox,
): (request: Request, subpath: string) => Promise<Response> {
  void db;
  void config;
  void outbox;
  return async () =>
    Response.json(
      { code: "not_found", message: "Not implemented yet" },
      { status: 404, headers: { "X-Supabase-Api-Version": "2024-01-01" } },
    );
}
