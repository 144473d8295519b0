import { SignJWT, errors, jwtVerify, type JWTPayload } from "jose";

const encoder = new TextEncoder();

function keyOf(secret: string): Uint8Array {
  return encoder.encode(secret);
}

/** Signs a payload with HS256. The payload carries its own iat/exp when the caller sets them. */
export async function signJwt(payload: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(keyOf(secret));
}

export type JwtVerification = { ok: true; payload: JWTPayload } | { ok: false; reason: "expired" | "invalid"; message: string };

/** Verifies signature and expiry. Messages follow GoTrue's wording after "invalid JWT: ". */
export async function verifyJwt(token: string, secret: string): Promise<JwtVerification> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"] });
    return { ok: true, payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return { ok: false, reason: "expired", message: "token has invalid claims: token is expired" };
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: "invalid", message: "token signature is invalid: signature is invalid" };
    }
    return { ok: false, reason: "invalid", message: "token is malformed: could not parse token" };
  }
}

/** True when the string has the three dot-separated parts of a compact JWS. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

/** Issued-at and expiry of the Supabase CLI's API keys, so the keys are stable for a given secret. */
const API_KEY_ISSUED_AT = 1641769200;
const API_KEY_EXPIRES_AT = 1799535600;

/** The anon and service_role API keys: long-lived JWTs with issuer "supabase", as the CLI makes them. */
export async function createApiKeys(secret: string): Promise<{ anonKey: string; serviceRoleKey: string }> {
  const iat = API_KEY_ISSUED_AT;
  const exp = API_KEY_EXPIRES_AT;
  const [anonKey, serviceRoleKey] = await Promise.all([
    signJwt({ iss: "supabase", role: "anon", iat, exp }, secret),
    signJwt({ iss: "supabase", role: "service_role", iat, exp }, secret),
  ]);
  return { anonKey, serviceRoleKey };
}
