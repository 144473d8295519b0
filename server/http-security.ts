import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A fresh nonce per request; entry.server.tsx puts it on every script React Router renders. */
export const assignCspNonce: RequestHandler = (_request, response, next) => {
  response.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

const nonceSource = (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${(response as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * Security headers. The CSP allows scripts only through the per-request nonce ('strict-dynamic'
 * lets those scripts load the hashed modules they import). Inline styles are allowed because
 * sonner and Radix set them at run time. Under the Vite dev server the policy only reports, so
 * Vite's client and HMR keep working. HSTS only in production, where TLS ends in front of us.
 * Images may also come from the hosted Supabase project's public storage.
 */
export function securityHeaders(options: { enforce: boolean; isProduction: boolean; imageOrigins: string[] }): RequestHandler {
  const { enforce, isProduction, imageOrigins } = options;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: !enforce,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'strict-dynamic'", nonceSource],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
        "font-src": ["'self'"],
        "connect-src": enforce ? ["'self'"] : ["'self'", "ws:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
      },
    },
    // Same-origin only; the app embeds nothing cross-origin.
    crossOriginEmbedderPolicy: false,
    // "no-referrer" would make browsers send "Origin: null" on our own form posts.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isProduction,
  });
}
