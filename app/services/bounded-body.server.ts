// A request body read within a byte allowance, so that no post, however large or however slowly
// streamed, costs more memory than the route allows.

export type BoundedBody = { kind: "read"; bytes: Uint8Array<ArrayBuffer> } | { kind: "too-large" } | { kind: "unreadable" };

/** Whether the request declares (Content-Length) a body larger than `limitBytes`. */
export function declaresMoreThan(request: Request, limitBytes: number): boolean {
  const declared = Number(request.headers.get("Content-Length"));
  return Number.isFinite(declared) && declared > limitBytes;
}

/**
 * The body's bytes, at most `limitBytes` of them. A declared size over the limit is refused before
 * anything is read; otherwise the bytes are counted as they arrive (whatever was declared), and at the
 * first byte past the limit the rest is cancelled, never read. A body that breaks off is unreadable.
 */
export async function readBodyAtMost(request: Request, limitBytes: number): Promise<BoundedBody> {
  if (declaresMoreThan(request, limitBytes)) return { kind: "too-large" };
  if (!request.body) return { kind: "read", bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel().catch(() => {});
        return { kind: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { kind: "unreadable" };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: "read", bytes };
}
