import type { Logger } from "pino";
import type { SupabaseConnection } from "./services/supabase.server";

/** What server.ts hands every loader and action, besides the request. */
export interface ServerLoadContext {
  cspNonce: string;
  logger: Logger;
  supabase: SupabaseConnection;
}

declare module "react-router" {
  interface AppLoadContext extends ServerLoadContext {}
}
