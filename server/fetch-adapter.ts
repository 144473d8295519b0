import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** A bodiless Fetch Request for an Express GET or HEAD (the only methods routed through this). */
export function toFetchRequest(request: ExpressRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(new URL(request.originalUrl, publicUrl), { method: request.method, headers });
}

export async function sendFetchResponse(response: ExpressResponse, fetchResponse: Response): Promise<void> {
  response.status(fetchResponse.status);
  fetchResponse.headers.forEach((value, name) => response.append(name, value));
  if (!fetchResponse.body) {
    response.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(fetchResponse.body as import("node:stream/web").ReadableStream).on("error", reject).pipe(response).on("finish", resolve);
  });
}
