import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestBodyStream } from "./fetch-adapter";

let close = async () => {};
afterEach(() => close());

/** A server whose handler gets the body as a web stream; answers what the handler returns. */
async function serve(handle: (body: ReadableStream<Uint8Array>) => Promise<number>): Promise<string> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void handle(requestBodyStream(request, response)).then((status) => response.writeHead(status).end(String(status)));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Posts `body` as curl does: the length declared, `Expect: 100-continue`, then 64 KB writes. */
function postLikeCurl(url: string, body: Buffer): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: "POST", headers: { "Content-Length": String(body.length), Expect: "100-continue" } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    outgoing.on("error", reject);
    outgoing.on("continue", () => {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) outgoing.write(body.subarray(offset, offset + 64 * 1024));
      outgoing.end();
    });
  });
}

describe("requestBodyStream", () => {
  it("streams the whole body to a reader that reads it all", async () => {
    const sent = Buffer.alloc(300 * 1024, 7);
    let received = 0;
    const url = await serve(async (body) => {
      for await (const chunk of body) received += chunk.byteLength;
      return 200;
    });
    expect((await postLikeCurl(url, sent)).status).toBe(200);
    expect(received).toBe(sent.length);
  });

  it("lets the reader give up part way while more is arriving: the answer is sent and the connection closed", async () => {
    let thrown: unknown = null;
    const url = await serve(async (body) => {
      const reader = body.getReader();
      await reader.read();
      try {
        await reader.cancel();
      } catch (error) {
        thrown = error;
      }
      return 400;
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await postLikeCurl(url, Buffer.alloc(512 * 1024, 1));
      expect(answer).toEqual({ status: 400, connection: "close" });
    }
    expect(thrown).toBeNull();
  });
});
