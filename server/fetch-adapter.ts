import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** The Express request as a Fetch Request, body streamed (nothing may have parsed it before). */
export function toFetchRequest(request: ExpressRequest, publicUrl: string, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(request.originalUrl, publicUrl), {
    method: request.method,
    headers,
    signal,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

export async function sendFetchResponse(response: ExpressResponse, fetchResponse: Response): Promise<void> {
  response.status(fetchResponse.status);
  fetchResponse.headers.forEach((value, name) => response.append(name, value));
  if (!fetchResponse.body) {
    response.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(fetchResponse.body as NodeReadableStream)
      .on("error", reject)
      .pipe(response)
      .on("finish", resolve);
  });
}
