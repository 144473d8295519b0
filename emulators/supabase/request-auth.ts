import type { EmulatorConfig } from "./config.ts";
import type { RequestClaims } from "./database.ts";
import { looksLikeJwt, verifyJwt } from "./jwt.ts";

export type RequestAuth = { ok: true; claims: RequestClaims } | { ok: false; reason: "expired" | "invalid"; message: string };

const REQUEST_ROLES = new Set(["anon", "authenticated", "service_role"]);

/** The bearer token of a request, or undefined when there is none. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || undefined;
}

/** Reads the Bearer token, else the apikey header. A JWT must verify with the secret and carry one of
 *  the three request roles; a non-JWT key (sb_publishable_…) or no key at all means anon. */
export async function authenticateRequest(request: Request, config: EmulatorConfig): Promise<RequestAuth> {
  const token = bearerToken(request) ?? request.headers.get("apikey")?.trim();
  if (!token || !looksLikeJwt(token)) return { ok: true, claims: { role: "anon" } };
  const verified = await verifyJwt(token, config.jwtSecret);
  if (!verified.ok) return verified;
  const role = verified.payload.role;
  if (typeof role !== "string" || !REQUEST_ROLES.has(role)) {
    return { ok: false, reason: "invalid", message: "token has no valid role claim" };
  }
  return { ok: true, claims: { ...verified.payload, role } as RequestClaims };
}
