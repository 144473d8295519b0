import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); SameSite=Lax cookies already stay home on cross-site POSTs, and this
 * stops the rest (older browsers, same-site subdomains, forms that need no session).
 * Requests without either header (curl, server-to-server) carry no ambient cookies from a victim.
 */
export function refuseCrossSiteWrites(publicUrl: string): RequestHandler {
  const allowedOrigin = new URL(publicUrl).origin;
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method)) return next();
    const fetchSite = request.get("sec-fetch-site");
    const origin = request.get("origin");
    const ownOrigin = `${request.protocol}://${request.get("host")}`;
    // Sec-Fetch-Site is the browser's own verdict; Origin is the fallback for browsers without it.
    const crossSite = fetchSite
      ? fetchSite !== "same-origin" && fetchSite !== "none"
      : origin !== undefined && origin !== allowedOrigin && origin !== ownOrigin;
    if (crossSite) {
      response.status(403).type("text/plain").send("Cross-site form submissions are not accepted.");
      return;
    }
    next();
  };
}
