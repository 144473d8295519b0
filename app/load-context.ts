import type { Logger } from "pino";

/** What server.ts hands every loader and action, besides the request. */
export interface ServerLoadContext {
  cspNonce: string;
  logger: Logger;
}

declare module "react-router" {
  interface AppLoadContext extends ServerLoadContext {}
}
