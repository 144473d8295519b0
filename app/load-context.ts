import type { Logger } from "pino";
import type { SupabaseConnection } from "./services/supabase.server";

/** What server.ts hands every loader and action, besides the request. */
export interface ServerLoadContext {
  cspNonce: string;
  logger: Logger;
  supabase: SupabaseConnection;
  /** Where browsers reach this app (PUBLIC_URL), for links in emails. */
  publicUrl: string;
  /** The caller's address, as Express sees it under TRUST_PROXY. */
  clientIp: string;
  /** Writes onto the response being built, whatever the route returns or throws (redirects too). */
  response: {
    appendCookie(serialized: string): void;
    setHeader(name: string, value: string): void;
  };
  cookies: { secure: boolean; secret: string };
  limits: { authAttemptsPerMinute: number };
}

declare module "react-router" {
  interface AppLoadContext extends ServerLoadContext {}
}
