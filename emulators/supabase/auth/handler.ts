import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase } from "../database.ts";
import { getUser, logOut, updateUser } from "./account.ts";
import { createUser, deleteUserById, getUserById, listUsers, requireAdmin, updateUserById } from "./admin.ts";
import { signInWithPassword, signUp } from "./credentials.ts";
import { AuthError, badRequest } from "./errors.ts";
import { emptyResponse, errorResponse, JsonBody, jsonResponse } from "./http.ts";
import type { Outbox } from "./outbox.ts";
import { recoverPassword, verifyRecovery } from "./recovery.ts";
import { refreshSession } from "./sessions.ts";

type Endpoint = (request: Request, params: { userId: string }) => Promise<Response>;

const USER_BY_ID = /^\/admin\/users\/(?<userId>[^/]+)$/;

/** GoTrue subset served under /auth/v1; `subpath` is the path after that prefix, e.g. "/token". */
export function createAuthHandler(
  db: EmulatorDatabase,
  config: EmulatorConfig,
  outbox: Outbox,
): (request: Request, subpath: string) => Promise<Response> {
  const json = (request: Request, body: unknown) => jsonResponse(request, 200, body);
  /** Admin endpoints need the service_role key (or another admin-role JWT) as the bearer token. */
  const asAdmin =
    (endpoint: Endpoint): Endpoint =>
    async (request, params) => {
      await requireAdmin(request, config);
      return endpoint(request, params);
    };

  const routes: Array<{ method: string; path: RegExp; endpoint: Endpoint }> = [
    { method: "POST", path: /^\/signup$/, endpoint: async (r) => json(r, await signUp(r, db, config)) },
    { method: "POST", path: /^\/token$/, endpoint: (r) => token(r) },
    {
      method: "POST",
      path: /^\/logout$/,
      endpoint: async (r) => {
        await logOut(r, db, config);
        return emptyResponse(r, 204);
      },
    },
    { method: "POST", path: /^\/recover$/, endpoint: async (r) => json(r, await recoverPassword(r, db, config, outbox)) },
    { method: "POST", path: /^\/verify$/, endpoint: async (r) => json(r, await verifyRecovery(r, db, config)) },
    { method: "GET", path: /^\/user$/, endpoint: async (r) => json(r, await getUser(r, db, config)) },
    { method: "PUT", path: /^\/user$/, endpoint: async (r) => json(r, await updateUser(r, db, config)) },
    {
      method: "GET",
      path: /^\/admin\/users$/,
      endpoint: asAdmin(async (r) => {
        const page = await listUsers(r, db);
        const response = json(r, page.body);
        for (const [name, value] of Object.entries(page.headers)) response.headers.set(name, value);
        return response;
      }),
    },
    { method: "POST", path: /^\/admin\/users$/, endpoint: asAdmin(async (r) => json(r, await createUser(r, db))) },
    { method: "GET", path: USER_BY_ID, endpoint: asAdmin(async (r, p) => json(r, await getUserById(db, p.userId))) },
    { method: "PUT", path: USER_BY_ID, endpoint: asAdmin(async (r, p) => json(r, await updateUserById(r, db, p.userId))) },
    { method: "DELETE", path: USER_BY_ID, endpoint: asAdmin(async (r, p) => json(r, await deleteUserById(db, p.userId))) },
  ];

  /** POST /token: grant_type comes from the query string. */
  async function token(request: Request): Promise<Response> {
    const grantType = new URL(request.url).searchParams.get("grant_type");
    if (grantType === "password") return json(request, await signInWithPassword(request, db, config));
    if (grantType === "refresh_token") {
      const refreshToken = (await JsonBody.read(request, "RefreshTokenGrantParams")).string("refresh_token");
      if (refreshToken === "") {
        return jsonResponse(request, 400, { error: "invalid_request", error_description: "refresh_token required" });
      }
      // A detected reuse revokes the token family; that revocation is committed, then the error is answered.
      const result = await db.pg.transaction((tx) => refreshSession(tx, config, refreshToken));
      if (result instanceof AuthError) throw result;
      return json(request, result);
    }
    throw badRequest("validation_failed", "unsupported_grant_type");
  }

  return async (request, subpath) => {
    try {
      const matching = routes.filter((route) => route.path.test(subpath));
      if (matching.length === 0) throw new AuthError(404, "not_found", "Not Found");
      const route = matching.find((candidate) => candidate.method === request.method);
      if (!route) throw new AuthError(405, "method_not_allowed", "Method Not Allowed");
      return await route.endpoint(request, { userId: pathSegment(route.path.exec(subpath)?.groups?.userId ?? "") });
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(request, error);
      throw error;
    }
  };
}

/** A percent-decoded path segment; a malformed escape stays as sent (and then matches no user). */
function pathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
