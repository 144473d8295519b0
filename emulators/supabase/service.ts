import type { EmulatorConfig } from "./config.ts";
import type { EmulatorDatabase } from "./database.ts";
import type { Outbox } from "./outbox.ts";

/** What each service (auth, REST, storage) is built from: index.ts hands the same object to all three. */
export interface ServiceDeps {
  db: EmulatorDatabase;
  config: EmulatorConfig;
  /** Where the auth service "sends" its emails. */
  outbox: Outbox;
}

/** One Supabase API. `subpath` is the request's path after the service's prefix, e.g. "/token" for
 *  "/auth/v1/token". Every error the service knows is answered in its own wire format; anything else
 *  is thrown, and index.ts answers it with a 500. */
export type Service = (request: Request, subpath: string) => Promise<Response>;
