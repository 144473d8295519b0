import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, still compressed when the answer says so. */
  body: Buffer;
}

/** A raw HTTP request to a test server: fetch would ask for and undo compression by itself. */
export function rawRequest(origin: URL, pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(pathname, origin), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}
