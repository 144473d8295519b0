import { FileUpload } from "@remix-run/form-data-parser";
import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { data } from "react-router";
import { MAX_BOOKING_PHOTOS, MAX_PHOTO_BYTES } from "~/domain/photo-rules";
import { declaresMoreThan, readBodyAtMost } from "./bounded-body.server";

/** Ordinary forms (sign-in, sign-up, a wizard step) fit well within this. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** One photo as uploaded. */
export const PHOTO_FILE_LIMIT_BYTES = MAX_PHOTO_BYTES;

/** Room for the multipart framing and the form's own fields beside the files. */
export const UPLOAD_OVERHEAD_BYTES = 1024 * 1024;

/** A photo upload: a booking's ten photos of at most 10 MB each in one post, with the overhead. */
export const PHOTO_UPLOAD_BODY_LIMIT_BYTES = MAX_BOOKING_PHOTOS * PHOTO_FILE_LIMIT_BYTES + UPLOAD_OVERHEAD_BYTES;

/** Text fields one form may carry beside its files: every form here has a handful. */
export const FORM_FIELD_LIMIT = 50;

/** The text fields of a photo upload form altogether: an intent and an id or two. */
export const UPLOAD_TEXT_LIMIT_BYTES = 4 * 1024;

/** Each part's headers (its name, file name and type). */
const PART_HEADER_LIMIT_BYTES = 8 * 1024;

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

  const body = await readBodyAtMost(request, limitBytes);
  if (body.kind === "unreadable") throw data(BODY_MESSAGES.malformed, { status: 400 });
  if (body.kind === "too-large") throw data(BODY_MESSAGES.tooLarge, { status: 413 });
  try {
    return await new Response(body.bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw data(BODY_MESSAGES.malformed, { status: 400 });
  }
}

export interface UploadLimits {
  /** The whole multipart body: refused from its declared size before reading, and while streaming. */
  limitBytes: number;
  /** Each file in it. */
  fileLimitBytes: number;
  /** How many files one body may carry. */
  maxFiles: number;
  /** How many other fields it may carry (FORM_FIELD_LIMIT unless given). */
  maxFields?: number;
  /** The bytes of those fields altogether (an ordinary form's FORM_BODY_LIMIT_BYTES unless given). */
  textLimitBytes?: number;
}

/** The form that was read, or why it could not be. */
export type UploadBody = { kind: "read"; formData: FormData } | { kind: UploadProblem };
type UploadProblem = "too-large" | "unsupported-type" | "malformed";

const UPLOAD_LIMIT_ERRORS = [MaxFileSizeExceededError, MaxTotalSizeExceededError, MaxHeaderSizeExceededError, MaxPartsExceededError];

/** A multipart body beyond what the form allows, found while reading it. */
class UploadTooLarge extends Error {}

/**
 * Reads a form that may carry files, streaming: each file is handed to `onFile` as soon as it has
 * arrived, and the next part is read only once `onFile` is done, so at most one part is held in
 * memory however large the body. The returned form holds the other fields (files are left out).
 * A declared size over the limit is refused before anything is read; a file, or the body, growing
 * past its limit stops the reading there, and so do more parts than the files and fields allowed,
 * and text fields beyond their allowance (a text field is never held beyond the size of one file).
 * A url-encoded form (no files) gets the ordinary allowance. Refusals are plain values; what
 * `onFile` throws is thrown.
 */
export async function readUploadBody(request: Request, limits: UploadLimits, onFile: (file: File) => Promise<void>): Promise<UploadBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) return { kind: "unsupported-type" };
  const multipart = mediaType === "multipart/form-data";
  const limitBytes = multipart ? limits.limitBytes : FORM_BODY_LIMIT_BYTES;
  const maxFields = limits.maxFields ?? FORM_FIELD_LIMIT;
  const textLimitBytes = limits.textLimitBytes ?? FORM_BODY_LIMIT_BYTES;

  if (declaresMoreThan(request, limitBytes)) return { kind: "too-large" };

  if (!multipart) {
    const body = await readBodyAtMost(request, Math.min(limitBytes, textLimitBytes));
    if (body.kind === "unreadable") return { kind: "malformed" };
    if (body.kind === "too-large") return { kind: "too-large" };
    const fields = [...new URLSearchParams(new TextDecoder().decode(body.bytes))];
    if (fields.length > maxFields) return { kind: "too-large" };
    const formData = new FormData();
    for (const [name, value] of fields) formData.append(name, value);
    return { kind: "read", formData };
  }

  let handlerFailure: { error: unknown } | null = null;
  try {
    const formData = new FormData();
    let files = 0;
    let fields = 0;
    let textBytes = 0;
    const parts = parseMultipartRequest(request, {
      maxFileSize: limits.fileLimitBytes,
      maxTotalSize: limitBytes,
      maxHeaderSize: PART_HEADER_LIMIT_BYTES,
      maxParts: limits.maxFiles + maxFields,
    });
    for await (const part of parts) {
      const name = part.name;
      if (!name) continue;
      if (part.isFile) {
        if (++files > limits.maxFiles) throw new UploadTooLarge();
        try {
          await onFile(new FileUpload(part, name));
        } catch (error) {
          handlerFailure = { error };
          throw error;
        }
      } else {
        // A text field is checked before it is decoded; the first one beyond the allowance ends the reading.
        textBytes += part.size;
        if (++fields > maxFields || textBytes > textLimitBytes) throw new UploadTooLarge();
        formData.append(name, part.text);
      }
    }
    return { kind: "read", formData };
  } catch (error) {
    if (handlerFailure) throw (handlerFailure as { error: unknown }).error;
    // The rest of the body is never read.
    await request.body?.cancel().catch(() => {});
    if (error instanceof UploadTooLarge || UPLOAD_LIMIT_ERRORS.some((type) => error instanceof type)) return { kind: "too-large" };
    if (error instanceof MultipartParseError || error instanceof TypeError) return { kind: "malformed" };
    throw error;
  }
}
