import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { isbot } from "isbot";
import { beaconSchema, MAX_BEACON_BYTES } from "../app/domain/analytics-events.ts";
import { isServerCountedPage, isTrackedPage, normalisePagePath } from "../app/domain/analytics-pages.ts";
import type { AnalyticsIngest, EventRequest } from "../app/services/analytics-ingest.server.ts";
import type { BeaconRateLimit } from "../app/services/rate-limit.server.ts";

const BEACON_TYPES = new Set(["text/plain", "application/json"]);

/** What the server knows of the request an event came with; the address is used for the visitor id only. */
function eventRequest(request: ExpressRequest): EventRequest {
  return {
    clientIp: request.ip ?? "unknown",
    userAgent: request.get("user-agent") ?? "",
    cookieHeader: request.get("cookie"),
    optedOut: request.get("sec-gpc") === "1" || request.get("dnt") === "1",
  };
}

function refuse(response: ExpressResponse, status: number, message: string) {
  response.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}

/**
 * POST /api/analytics: the page script's navigator.sendBeacon bodies, JSON sent as text/plain or
 * application/json. Outside React Router and the session middleware; it answers 204 at once and
 * the event is written later in a batch. Bots get 204 and are not stored.
 */
export function analyticsBeacon({ ingest, limit }: { ingest: AnalyticsIngest; limit: BeaconRateLimit }): RequestHandler {
  return async (request, response) => {
    const mediaType = (request.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
    if (!BEACON_TYPES.has(mediaType)) return refuse(response, 415, "Send the event as JSON (text/plain or application/json).");
    const declared = Number(request.get("content-length") ?? "0");
    if (declared > MAX_BEACON_BYTES) {
      // Not read: the connection is closed instead of draining what was sent.
      response.set("Connection", "close");
      return refuse(response, 413, `An event is at most ${MAX_BEACON_BYTES} bytes.`);
    }
    if (isbot(request.get("user-agent") ?? "")) return void response.status(204).end();
    const wait = await limit.before(request.ip ?? "unknown");
    if (wait !== null) {
      response.set("Retry-After", String(wait));
      return refuse(response, 429, `Too many events. Please wait ${wait} seconds.`);
    }

    const body = await readSmallBody(request, MAX_BEACON_BYTES);
    if (body === null) {
      response.set("Connection", "close");
      return refuse(response, 413, `An event is at most ${MAX_BEACON_BYTES} bytes.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return refuse(response, 400, "The event is not valid JSON.");
    }
    if (typeof json === "object" && json !== null && "user_id" in json) {
      return refuse(response, 400, "An event may not name its user: the server reads it from the session.");
    }
    const parsed = beaconSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(response, 400, `Invalid event: ${issue.path.join(".") || "body"}: ${issue.message}`);
    }
    const pagePath = normalisePagePath(parsed.data.page_path);
    if (pagePath === null) return refuse(response, 400, "Invalid event: page_path must be a path of this site.");
    // The admin area and the API are never counted; the paid page's views are counted by the server only.
    if (!isTrackedPage(pagePath)) return void response.status(204).end();
    if (parsed.data.event_type === "page_view" && isServerCountedPage(pagePath)) return void response.status(204).end();
    ingest.record({ ...parsed.data, page_path: pagePath }, eventRequest(request));
    response.status(204).end();
  };
}

/** The body as text, or null as soon as it grows past `limit` bytes (the rest is never read). */
function readSmallBody(request: ExpressRequest, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off("data", onData);
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.once("error", reject);
  });
}

/**
 * Records the page view of a successful HTML document request (never data requests, files, the
 * admin area, the API or the webhook), after the answer was sent: the page never waits for it.
 */
export function documentViewRecorder(ingest: AnalyticsIngest) {
  return (request: ExpressRequest, response: ExpressResponse) => {
    if (request.method !== "GET" || response.statusCode !== 200) return;
    if (!String(response.getHeader("content-type") ?? "").startsWith("text/html")) return;
    if (!isTrackedPage(request.path) || isbot(request.get("user-agent") ?? "")) return;
    const pagePath = normalisePagePath(request.path);
    if (pagePath === null) return;
    ingest.record({ page_path: pagePath, event_type: "page_view", referrer: request.get("referer") ?? null }, eventRequest(request));
  };
}
