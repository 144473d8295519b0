import { createRouter, route } from "../router.ts";
import type { Service, ServiceDeps } from "../service.ts";
import { getUser, logOut, updateUser } from "./account.ts";
import { createUser, deleteUserById, getUserById, listUsers, requireAdmin, updateUserById } from "./admin.ts";
import { resendConfirmation } from "./confirmation.ts";
import { signInWithPassword, signUp } from "./credentials.ts";
import { AuthError, badRequest } from "./errors.ts";
import { emptyResponse, errorResponse, JsonBody, jsonResponse } from "./http.ts";
import { createRequestLimiter, createVerifyLimiter } from "./rate-limit.ts";
import { recoverPassword, verifyEmailOtp } from "./recovery.ts";
import { refreshSession } from "./sessions.ts";

/** The GoTrue subset served under /auth/v1. */
export function createAuthService({ db, config, outbox }: ServiceDeps): Service {
  const json = (request: Request, body: unknown) => jsonResponse(request, 200, body);
  /** Admin endpoints need the service_role key (or another admin-role JWT) as the bearer token. */
  const asAdmin =
    <Params>(endpoint: (request: Request, params: Params) => Promise<Response>) =>
    async (request: Request, params: Params) => {
      await requireAdmin(request, config);
      return endpoint(request, params);
    };
  const limitVerification = createVerifyLimiter(config.verifyRateLimits);
  const limitRequest = createRequestLimiter(config.authRateLimits);
  /** The user id of /admin/users/{userId}. */
  const userId = (params: { userId: string }) => pathSegment(params.userId);

  /** POST /token: grant_type comes from the query string. */
  async function token(request: Request): Promise<Response> {
    const grantType = new URL(request.url).searchParams.get("grant_type");
    // As GoTrue: an unknown grant type is refused before the limit is counted. Refreshes have their own
    // budget, apart from sign-ins.
    if (grantType === "password") limitRequest("signIn", request);
    if (grantType === "refresh_token") limitRequest("tokenRefresh", request);
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

  const routes = createRouter(
    [
      route("POST", "/signup", async (r) => {
        limitRequest("signup", r);
        return json(r, await signUp(r, db, config, outbox));
      }),
      route("POST", "/token", token),
      route("POST", "/logout", async (r) => {
        await logOut(r, db, config);
        return emptyResponse(r, 204);
      }),
      route("POST", "/recover", async (r) => {
        limitRequest("recover", r);
        return json(r, await recoverPassword(r, db, config, outbox));
      }),
      route("POST", "/resend", async (r) => {
        limitRequest("resend", r);
        return json(r, await resendConfirmation(r, db, config, outbox));
      }),
      route("POST", "/verify", async (r) => json(r, await limitVerification(r, () => verifyEmailOtp(r, db, config)))),
      route("GET", "/user", async (r) => json(r, await getUser(r, db, config))),
      route("PUT", "/user", async (r) => json(r, await updateUser(r, db, config))),
      route(
        "GET",
        "/admin/users",
        asAdmin(async (r) => {
          const page = await listUsers(r, db);
          const response = json(r, page.body);
          for (const [name, value] of Object.entries(page.headers)) response.headers.set(name, value);
          return response;
        }),
      ),
      route(
        "POST",
        "/admin/users",
        asAdmin(async (r) => json(r, await createUser(r, db, config))),
      ),
      route(
        "GET",
        "/admin/users/:userId",
        asAdmin(async (r, p) => json(r, await getUserById(db, userId(p)))),
      ),
      route(
        "PUT",
        "/admin/users/:userId",
        asAdmin(async (r, p) => json(r, await updateUserById(r, db, config, userId(p)))),
      ),
      route(
        "DELETE",
        "/admin/users/:userId",
        asAdmin(async (r, p) => json(r, await deleteUserById(db, userId(p)))),
      ),
    ],
    {
      notFound: (r) => errorResponse(r, new AuthError(404, "not_found", "Not Found")),
      methodNotAllowed: (r) => errorResponse(r, new AuthError(405, "method_not_allowed", "Method Not Allowed")),
    },
  );

  return async (request, subpath) => {
    try {
      return await routes(request, subpath);
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
