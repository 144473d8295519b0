import { describe, expect, it } from "vitest";
import { BODY_MESSAGES, readFormBody } from "./form-body.server";

const post = (body: BodyInit | null, headers: Record<string, string>) =>
  new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).not.toBeNull();
  const { init, data } = error as { init: { status: number }; data: string };
  return { status: init.status, message: data };
}

/** A body that arrives in chunks with no declared length, as a chunked upload does. */
function streamOf(chunkCount: number, chunkBytes: number, onPull: () => void) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull();
      if (sent++ === chunkCount) controller.close();
      else controller.enqueue(new Uint8Array(chunkBytes).fill(97));
    },
  });
}

describe("readFormBody", () => {
  it("reads url-encoded and multipart forms within the limit", async () => {
    const form = await readFormBody(post("email=a%40example.com&intent=login", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(form.get("email")).toBe("a@example.com");
    const multipart = new FormData();
    multipart.set("fullName", "Ada");
    const encoded = new Request("http://localhost/", { method: "POST", body: multipart });
    expect((await readFormBody(encoded)).get("fullName")).toBe("Ada");
  });

  it("refuses a declared size over the limit with 413 before reading anything", async () => {
    let pulls = 0;
    const request = post(streamOf(1000, 1024, () => pulls++), {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(1000 * 1024),
    });
    expect(await refusal(readFormBody(request, 16 * 1024))).toEqual({ status: 413, message: BODY_MESSAGES.tooLarge });
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("stops reading a streamed body at the limit", async () => {
    let pulls = 0;
    const request = post(streamOf(100_000, 1024, () => pulls++), { "Content-Type": "application/x-www-form-urlencoded" });
    expect((await refusal(readFormBody(request, 16 * 1024))).status).toBe(413);
    // 16 KiB in 1 KiB chunks: the 17th chunk crosses the limit; nothing near 100 MB was pulled.
    expect(pulls).toBeLessThan(20);
  });

  it("answers 415 to JSON, plain text and a missing type", async () => {
    expect((await refusal(readFormBody(post("{}", { "Content-Type": "application/json" })))).status).toBe(415);
    expect((await refusal(readFormBody(post("a=b", { "Content-Type": "text/plain" })))).status).toBe(415);
    expect((await refusal(readFormBody(post("a=b", {})))).status).toBe(415);
  });

  it("answers 400 to a broken multipart body", async () => {
    const request = post("--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await refusal(readFormBody(request))).toEqual({ status: 400, message: BODY_MESSAGES.malformed });
  });
});
