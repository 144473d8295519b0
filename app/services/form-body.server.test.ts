import { describe, expect, it } from "vitest";
import { BODY_MESSAGES, FORM_FIELD_LIMIT, PHOTO_UPLOAD_BODY_LIMIT_BYTES, readFormBody, readUploadBody } from "./form-body.server";

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
    const request = post(
      streamOf(1000, 1024, () => pulls++),
      {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(1000 * 1024),
      },
    );
    expect(await refusal(readFormBody(request, 16 * 1024))).toEqual({ status: 413, message: BODY_MESSAGES.tooLarge });
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("stops reading a streamed body at the limit", async () => {
    let pulls = 0;
    const request = post(
      streamOf(100_000, 1024, () => pulls++),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
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
    const request = post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await refusal(readFormBody(request))).toEqual({ status: 400, message: BODY_MESSAGES.malformed });
  });
});

const MB = 1024 * 1024;
const uploadLimits = { limitBytes: 3 * MB, fileLimitBytes: MB, maxFiles: 5 };

/** A multipart body as a browser sends it, streamed in 64 KiB chunks; counts how many chunks were pulled. */
function multipart(parts: Array<{ name: string; value: string } | { name: string; fileName: string; bytes: Uint8Array }>, declareLength = true) {
  const boundary = "----formboundary7MA4YWxk";
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    const head =
      "fileName" in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: image/png\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    pieces.push(encoder.encode(head), "fileName" in part ? part.bytes : encoder.encode(part.value), encoder.encode("\r\n"));
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const whole = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    whole.set(piece, offset);
    offset += piece.byteLength;
  }
  const counter = { pulls: 0 };
  let position = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulls += 1;
      if (position >= whole.byteLength) return controller.close();
      controller.enqueue(whole.slice(position, position + 64 * 1024));
      position += 64 * 1024;
    },
  });
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
  if (declareLength) headers["Content-Length"] = String(whole.byteLength);
  return { request: post(body, headers), counter, totalChunks: Math.ceil(whole.byteLength / (64 * 1024)) };
}

describe("readUploadBody", () => {
  it("hands each file over as it arrives and returns the other fields", async () => {
    const seen: Array<{ name: string; size: number }> = [];
    const { request } = multipart([
      { name: "intent", value: "upload" },
      { name: "photos", fileName: "a.png", bytes: new Uint8Array(1000).fill(1) },
      { name: "photos", fileName: "b.png", bytes: new Uint8Array(2000).fill(2) },
    ]);
    const body = await readUploadBody(request, uploadLimits, async (file) => {
      seen.push({ name: file.name, size: file.size });
    });
    expect(body.kind === "read" && body.formData.get("intent")).toBe("upload");
    expect(body.kind === "read" && body.formData.has("photos")).toBe(false);
    expect(seen).toEqual([
      { name: "a.png", size: 1000 },
      { name: "b.png", size: 2000 },
    ]);
  });

  it("refuses text fields beyond their allowance as too large, reading no further and handing over no later file", async () => {
    const seen: string[] = [];
    const { request, counter, totalChunks } = multipart(
      [
        { name: "intent", value: "upload" },
        { name: "note", value: "a".repeat(300 * 1024) },
        { name: "photos", fileName: "a.png", bytes: new Uint8Array(900 * 1024) },
        { name: "note2", value: "b".repeat(900 * 1024) },
      ],
      false,
    );
    const body = await readUploadBody(request, { ...uploadLimits, textLimitBytes: 4 * 1024 }, async (file) => void seen.push(file.name));
    expect(body).toEqual({ kind: "too-large" });
    expect(seen).toEqual([]);
    expect(counter.pulls).toBeLessThan(totalChunks / 2);
  });

  it("takes text fields within their allowance, an ordinary form's unless told", async () => {
    const fields = (size: number) => multipart([{ name: "bio", value: "a".repeat(size) }]).request;
    expect(await readUploadBody(fields(15 * 1024), uploadLimits, async () => {})).toMatchObject({ kind: "read" });
    expect(await readUploadBody(fields(17 * 1024), uploadLimits, async () => {})).toEqual({ kind: "too-large" });
    expect(await readUploadBody(fields(3 * 1024), { ...uploadLimits, textLimitBytes: 4 * 1024 }, async () => {})).toMatchObject({ kind: "read" });
  });

  it("reads the next file only once the previous one is handled", async () => {
    const { request, counter } = multipart([
      { name: "photos", fileName: "a.png", bytes: new Uint8Array(200 * 1024) },
      { name: "photos", fileName: "b.png", bytes: new Uint8Array(600 * 1024) },
    ]);
    const pullsWhenHandled: number[] = [];
    await readUploadBody(request, uploadLimits, async () => {
      pullsWhenHandled.push(counter.pulls);
    });
    // The first file is handed over after about its own 200 KiB (4 chunks), not after the whole body.
    expect(pullsWhenHandled[0]).toBeLessThanOrEqual(6);
    expect(pullsWhenHandled[1]).toBeGreaterThan(12);
  });

  it("refuses a declared size over the limit before reading anything", async () => {
    const { request, counter } = multipart([{ name: "photos", fileName: "a.png", bytes: new Uint8Array(4 * MB) }]);
    let files = 0;
    expect(await readUploadBody(request, uploadLimits, async () => void files++)).toEqual({ kind: "too-large" });
    expect(counter.pulls).toBeLessThanOrEqual(1);
    expect(files).toBe(0);
  });

  it("stops reading at a file over its own limit, declared or streamed", async () => {
    const { request, counter, totalChunks } = multipart(
      [
        { name: "photos", fileName: "big.png", bytes: new Uint8Array(MB + 1) },
        { name: "photos", fileName: "more.png", bytes: new Uint8Array(MB) },
      ],
      false,
    );
    let files = 0;
    expect(await readUploadBody(request, uploadLimits, async () => void files++)).toEqual({ kind: "too-large" });
    expect(files).toBe(0);
    expect(counter.pulls).toBeLessThan(totalChunks / 2 + 3);
  });

  it("stops reading a streamed body once it passes the limit", async () => {
    const parts = Array.from({ length: 5 }, (_, n) => ({ name: "photos", fileName: `${n}.png`, bytes: new Uint8Array(MB - 100) }));
    const { request, counter, totalChunks } = multipart(parts, false);
    expect(await readUploadBody(request, uploadLimits, async () => {})).toEqual({ kind: "too-large" });
    expect(counter.pulls).toBeLessThan(totalChunks);
  });

  it("reads a url-encoded form (no files) within the ordinary allowance", async () => {
    const form = await readUploadBody(
      post("intent=remove&path=a%2Fb.jpg", { "Content-Type": "application/x-www-form-urlencoded" }),
      uploadLimits,
      async () => {},
    );
    expect(form.kind === "read" && form.formData.get("path")).toBe("a/b.jpg");
    const large = post(`path=${"a".repeat(20_000)}`, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(await readUploadBody(large, uploadLimits, async () => {})).toEqual({ kind: "too-large" });
  });

  it("refuses more fields than a form has, multipart or url-encoded", async () => {
    const fields = Array.from({ length: FORM_FIELD_LIMIT + 1 }, (_, n) => ({ name: `f${n}`, value: "x" }));
    const { request } = multipart(fields);
    expect(await readUploadBody(request, uploadLimits, async () => {})).toEqual({ kind: "too-large" });
    const encoded = post(new URLSearchParams(fields.map(({ name, value }) => [name, value])).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(await readUploadBody(encoded, uploadLimits, async () => {})).toEqual({ kind: "too-large" });
    const { request: fitting } = multipart(fields.slice(1));
    expect((await readUploadBody(fitting, uploadLimits, async () => {})).kind).toBe("read");
  });

  it("refuses other types and broken bodies", async () => {
    expect(await readUploadBody(post("{}", { "Content-Type": "application/json" }), uploadLimits, async () => {})).toEqual({
      kind: "unsupported-type",
    });
    const broken = post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await readUploadBody(broken, uploadLimits, async () => {})).toEqual({ kind: "malformed" });
  });

  it("passes on what the file handler throws", async () => {
    const { request } = multipart([{ name: "photos", fileName: "a.png", bytes: new Uint8Array(10) }]);
    await expect(
      readUploadBody(request, uploadLimits, async () => {
        throw new Error("storage down");
      }),
    ).rejects.toThrow("storage down");
  });

  it("allows a booking's ten photos of 10 MB in one post, and not much more", () => {
    expect(PHOTO_UPLOAD_BODY_LIMIT_BYTES).toBeGreaterThan(10 * 10 * MB);
    expect(PHOTO_UPLOAD_BODY_LIMIT_BYTES).toBeLessThanOrEqual(10 * 10 * MB + 2 * MB);
  });
});
