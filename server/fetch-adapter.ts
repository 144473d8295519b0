import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** How much of a request body is buffered ahead of the reader before the socket is paused. */
const BODY_BUFFER_BYTES = 64 * 1024;

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
    body: hasBody ? requestBodyStream(request, request.res) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

/**
 * The request body as a web stream that reads the socket only as fast as its reader asks. Once the
 * reader cancels (a refused or abandoned body), whatever still arrives is dropped, never queued on
 * the closed stream, and the connection is closed after the answer instead of waiting for the rest.
 */
export function requestBodyStream(request: IncomingMessage, response?: ServerResponse): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.pause();
        request.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.on("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        };
        request.on("error", fail);
        request.on("close", () => {
          if (!request.complete) fail(new Error("the request was aborted before its body arrived"));
        });
      },
      pull() {
        request.resume();
      },
      cancel() {
        settled = true;
        if (request.complete) return;
        if (response && !response.headersSent) response.setHeader("Connection", "close");
        // Read on and drop the rest, so the answer reaches a client that is still sending.
        request.resume();
      },
    },
    { highWaterMark: BODY_BUFFER_BYTES, size: (chunk) => chunk.byteLength },
  );
}

export async function sendFetchResponse(response: ExpressResponse, fetchResponse: Response): Promise<void> {
  response.status(fetchResponse.status);
  fetchResponse.headers.forEach((value, name) => {
    // One Connection header, also when the body reader has already asked to close.
    if (name === "connection") response.setHeader(name, value);
    else response.append(name, value);
  });
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
