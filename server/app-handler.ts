import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppOptions, AppServer, AppServices } from "./app-server.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter.ts";

/**
 * Hands page and data requests to React Router. The request URL is built from PUBLIC_URL, not from
 * what the socket saw: behind a TLS proxy the app is reached over https while Express hears http,
 * and React Router refuses a form post whose Origin differs from the request URL's.
 */
export function appRequestHandler(options: {
  /** The server build: the same module in production, a fresh one after an edit in development. */
  loadApp: () => Promise<AppServer>;
  mode: string;
  publicUrl: string;
  app: AppOptions;
  /** Called once the answer is sent (the analytics page view of a document request). */
  afterResponse?: (request: ExpressRequest, response: ExpressResponse) => void;
}): RequestHandler {
  // One handler and one set of app services per build (development reloads the build on change).
  const perBuild = new WeakMap<AppServer, { handle: ReturnType<AppServer["createRequestHandler"]>; services: AppServices }>();
  return async (request, response, next) => {
    try {
      const app = await options.loadApp();
      let prepared = perBuild.get(app);
      if (!prepared) {
        prepared = { handle: app.createRequestHandler(app.build, options.mode), services: app.createAppServices(options.app) };
        perBuild.set(app, prepared);
      }
      const context = app.createRequestContext(prepared.services, {
        logger: request.log,
        cspNonce: response.locals.cspNonce as string,
        clientIp: request.ip ?? "unknown",
      });
      const aborted = new AbortController();
      response.on("close", () => {
        if (!response.writableFinished) aborted.abort();
      });
      const fetchResponse = await prepared.handle(toFetchRequest(request, requestBase(request, options.publicUrl), aborted.signal), context);
      // A refused oversized body is not read to its end: close the connection instead of draining it.
      if (fetchResponse.status === 413) response.setHeader("Connection", "close");
      await sendFetchResponse(response, fetchResponse);
      options.afterResponse?.(request, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * PUBLIC_URL, except for a browser posting from the very address it reached us at (say
 * http://127.0.0.1:3000 in development while PUBLIC_URL says localhost): its Origin is then the
 * request's own, which the cross-site check already accepts.
 */
function requestBase(request: ExpressRequest, publicUrl: string): string {
  const origin = request.get("origin");
  const own = `${request.protocol}://${request.get("host")}`;
  return origin !== undefined && origin === own ? own : publicUrl;
}
