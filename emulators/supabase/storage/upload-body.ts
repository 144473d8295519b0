import { storageErrors } from "./errors.ts";
import type { Bytes } from "./file-store.ts";

/** What an upload request carries, read the way supabase/storage reads it. */
export interface UploadBody {
  bytes: Bytes;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

// Room for the multipart boundaries, part headers and small fields around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Reads a raw body (content-type, cache-control, x-metadata headers) or a multipart form (the first file
 *  part, plus cacheControl, contentType and metadata fields). More than `limitBytes` of file is refused
 *  without reading the rest of the body. */
export async function readUploadBody(request: Request, limitBytes: number): Promise<UploadBody> {
  const contentType = request.headers.get("content-type") ?? "";
  // The service's HTTP framework refuses a header that is no media type before the route runs.
  if (contentType !== "" && !isMediaType(contentType)) throw storageErrors.invalidContentTypeHeader();
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    const raw = await readBodyWithin(request, limitBytes + MULTIPART_OVERHEAD_BYTES);
    return fromMultipart(raw, contentType, limitBytes);
  }
  const bytes = await readBodyWithin(request, limitBytes);
  return {
    bytes,
    mimeType: contentType || "application/octet-stream",
    cacheControl: request.headers.get("cache-control") ?? "no-cache",
    userMetadata: parseMetadata(decodeBase64(request.headers.get("x-metadata"))),
  };
}

async function fromMultipart(raw: Bytes, contentType: string, limitBytes: number): Promise<UploadBody> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw storageErrors.noContent();
  }
  const file = [...form.values()].find((value): value is File => typeof value !== "string");
  if (!file) throw storageErrors.noContent();
  if (file.size > limitBytes) throw storageErrors.entityTooLarge();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const cacheSeconds = field("cacheControl");
  const mimeType = field("contentType") ?? (file.type || "application/octet-stream");
  if (!isMediaType(mimeType)) throw storageErrors.invalidMimeType(mimeType);
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimeType,
    cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : "no-cache",
    userMetadata: parseMetadata(field("metadata") ?? field("userMetadata")),
  };
}

const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;

/** A media type as RFC 9110 writes one: `type/subtype`, each a token, then optional `; parameters`
 *  (so `image/png/svg+xml` is none). */
export function isMediaType(value: string): boolean {
  const mediaType = value.split(";", 1)[0]!;
  const slash = mediaType.indexOf("/");
  if (slash === -1) return false;
  return TOKEN.test(mediaType.slice(0, slash).trimStart()) && TOKEN.test(mediaType.slice(slash + 1).trimEnd());
}

/** The whole body, or EntityTooLarge as soon as it passes `limitBytes` (by Content-Length or by count). */
async function readBodyWithin(request: Request, limitBytes: number): Promise<Bytes> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw storageErrors.entityTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw storageErrors.entityTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function decodeBase64(value: string | null): string | undefined {
  return value ? Buffer.from(value, "base64").toString("utf8") : undefined;
}

/** Custom metadata is optional; like the service, unparseable JSON is ignored rather than refused. */
function parseMetadata(json: string | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
