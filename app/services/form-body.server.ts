import { data } from "react-router";

/** Ordinary forms (sign-in, sign-up, a wizard step) fit well within this. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const BODY_MESSAGES = {
  tooLarge: "This form is larger than we accept. Please shorten what you entered and try again.",
  unsupportedType: "Please send this form from the page it belongs to.",
  malformed: "This form could not be read. Please try again.",
} as const;

/**
 * Reads an action's form body within the route's allowance: a declared size over the limit is
 * refused before anything is read, and a streamed body is counted as it arrives and abandoned at
 * the limit, so an oversized post never costs more memory than the allowance. Only HTML form
 * encodings are accepted. Refusals are thrown as 413, 415 or 400 responses with a plain message.
 */
export async function readFormBody(request: Request, limitBytes = FORM_BODY_LIMIT_BYTES): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) throw data(BODY_MESSAGES.unsupportedType, { status: 415 });

  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw data(BODY_MESSAGES.tooLarge, { status: 413 });

  const bytes = await readAtMost(request, limitBytes).catch(() => "unreadable" as const);
  if (bytes === "unreadable") throw data(BODY_MESSAGES.malformed, { status: 400 });
  if (bytes === "too-large") throw data(BODY_MESSAGES.tooLarge, { status: 413 });
  try {
    return await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw data(BODY_MESSAGES.malformed, { status: 400 });
  }
}

/** The body's bytes, or "too-large" as soon as more than the limit has arrived (the rest is never read). */
async function readAtMost(request: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      return "too-large";
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
