import { STATUS_CODES } from "node:http";
import { offsetOutOfBounds, type RestError } from "./errors.ts";

/** PostgREST's Content-Range: `first-last/total`, `*` for an empty range, `*` for an unknown total. */
export function contentRange(first: number, last: number, total: number | null): string {
  const range = total !== 0 && first <= last ? `${first}-${last}` : "*";
  return `${range}/${total ?? "*"}`;
}

/** Status and Content-Range of a read (table GET/HEAD or RPC): 206 when a known total exceeds the page. */
export function readRange(offset: number, pageTotal: number, total: number | null): { status: number; range: string } {
  const last = offset + pageTotal - 1;
  if (total !== null && offset > total) throw offsetOutOfBounds(offset, total);
  const status = total !== null && pageTotal < total ? 206 : 200;
  return { status, range: contentRange(offset, last, total) };
}

export function restResponse(status: number, options: { body?: string; contentType?: string; headers?: Record<string, string | undefined> } = {}): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers.set(name, value);
  }
  const hasBody = options.body !== undefined && status !== 204;
  if (hasBody && options.contentType) headers.set("Content-Type", options.contentType);
  return new Response(hasBody ? options.body : null, { status, statusText: STATUS_CODES[status] ?? "", headers });
}

export function errorResponse(error: RestError): Response {
  return restResponse(error.status, {
    body: JSON.stringify(error.toBody()),
    contentType: "application/json; charset=utf-8",
    headers: { ...error.headers, "Proxy-Status": `PostgREST; error=${error.code}` },
  });
}
