import { describe, expect, it } from "vitest";
import { declaresMoreThan, readBodyAtMost } from "./bounded-body.server";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A body that arrives in `chunkCount` chunks of `chunkBytes`, with no declared length; counts what was pulled. */
function streamOf(chunkCount: number, chunkBytes: number) {
  const seen = { pulls: 0, cancelled: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulls += 1;
      if (sent++ === chunkCount) controller.close();
      else controller.enqueue(new Uint8Array(chunkBytes).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

describe("readBodyAtMost", () => {
  it("reads a body within the limit, to the last byte", async () => {
    const { body } = streamOf(16, 1024);
    const read = await readBodyAtMost(post(body), 16 * 1024);
    expect(read.kind).toBe("read");
    expect(read.kind === "read" && read.bytes.byteLength).toBe(16 * 1024);
    expect(read.kind === "read" && read.bytes.every((byte) => byte === 97)).toBe(true);

    const text = await readBodyAtMost(post('{"id":"evt_1","note":"é"}'), 1024);
    expect(text.kind === "read" && new TextDecoder().decode(text.bytes)).toBe('{"id":"evt_1","note":"é"}');
  });

  it("reads no body as empty", async () => {
    const read = await readBodyAtMost(post(null), 1024);
    expect(read.kind === "read" && read.bytes.byteLength).toBe(0);
  });

  it("refuses a declared size over the limit before reading anything", async () => {
    const { body, seen } = streamOf(1000, 1024);
    const request = post(body, { "Content-Length": String(1000 * 1024) });
    expect(declaresMoreThan(request, 16 * 1024)).toBe(true);
    expect(await readBodyAtMost(request, 16 * 1024)).toEqual({ kind: "too-large" });
    expect(seen.pulls).toBeLessThanOrEqual(1);
  });

  it("stops reading a streamed body at the limit and cancels the rest", async () => {
    const { body, seen } = streamOf(100_000, 1024);
    expect(await readBodyAtMost(post(body), 16 * 1024)).toEqual({ kind: "too-large" });
    // 16 KiB in 1 KiB chunks: the 17th chunk crosses the limit; nothing near 100 MB was pulled.
    expect(seen.pulls).toBeLessThan(20);
    expect(seen.cancelled).toBe(true);
  });

  it("counts the bytes that arrive, whatever length was declared", async () => {
    const { body, seen } = streamOf(100_000, 1024);
    const request = post(body, { "Content-Length": "10" });
    expect(declaresMoreThan(request, 16 * 1024)).toBe(false);
    expect(await readBodyAtMost(request, 16 * 1024)).toEqual({ kind: "too-large" });
    expect(seen.pulls).toBeLessThan(20);
  });

  it("ignores a Content-Length that is no number and reads within the limit", async () => {
    const request = post("a=b", { "Content-Length": "lots" });
    expect(declaresMoreThan(request, 16)).toBe(false);
    expect((await readBodyAtMost(request, 16)).kind).toBe("read");
  });

  it("reports a body that breaks off as unreadable", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new Uint8Array(10));
        else controller.error(new Error("connection reset"));
      },
    });
    expect(await readBodyAtMost(post(body), 1024)).toEqual({ kind: "unreadable" });
  });
});
