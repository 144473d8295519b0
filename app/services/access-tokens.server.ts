import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTVerifyResult } from "jose";

/** How access tokens are checked without asking the auth server: the project's JWT secret (HS256), or its published signing keys. */
export type AccessTokenKey = { secret: string } | { jwksUrl: string };

/** What a signed-in request may trust from its access token once the token's signature and expiry are checked. */
export interface SessionUser {
  id: string;
  email?: string;
  user_metadata: Record<string, unknown>;
}

/**
 * What the check says of an access token: the user it names; `refused` when it is expired, forged,
 * unreadable or not a signed-in user's; `no-key` when this server holds no key to check it with (a
 * project signing with its legacy secret, which the server was not given), so only the auth server can.
 */
export type AccessTokenVerdict = { kind: "user"; user: SessionUser } | { kind: "refused" } | { kind: "no-key" };

export type AccessTokenCheck = (token: string) => Promise<AccessTokenVerdict>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks access tokens here, as the database's API does: the signature with the JWT secret or with
 * the project's signing keys (fetched once and cached by jose), and the expiry. No network call per
 * request; whether the token's session still exists is for the database to say.
 */
export function createAccessTokenCheck(key: AccessTokenKey): AccessTokenCheck {
  let verify: (token: string) => Promise<JWTVerifyResult>;
  if ("secret" in key) {
    const secret = new TextEncoder().encode(key.secret);
    verify = (token) => jwtVerify(token, secret, { algorithms: ["HS256"] });
  } else {
    const signingKeys = createRemoteJWKSet(new URL(key.jwksUrl));
    verify = (token) => jwtVerify(token, signingKeys, { algorithms: ["RS256", "ES256"] });
  }
  return async (token) => {
    try {
      // A secret checks only HS256 tokens, published keys only the others.
      const signedWithSecret = decodeProtectedHeader(token).alg === "HS256";
      const holdsSecret = "secret" in key;
      if (signedWithSecret !== holdsSecret) return { kind: "no-key" };
      const { payload } = await verify(token);
      if (payload.role !== "authenticated" || typeof payload.sub !== "string" || !UUID.test(payload.sub)) return { kind: "refused" };
      const metadata = payload.user_metadata;
      return {
        kind: "user",
        user: {
          id: payload.sub,
          email: typeof payload.email === "string" && payload.email !== "" ? payload.email : undefined,
          user_metadata: metadata && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {},
        },
      };
    } catch {
      return { kind: "refused" };
    }
  };
}
