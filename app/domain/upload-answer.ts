import { z } from "zod/mini";
import { toastText } from "./toast";
import { toastSchema } from "./toast-schema";

/**
 * What the page's script asks the photo upload routes for (its Accept header): the outcome of the
 * post as JSON, a message with a status. A plain form post gets the message across a redirect instead.
 */
export const UPLOAD_ANSWER_TYPE = "application/json";

/** The statuses of an upload route's answer to the page's script, by what came of the post. */
export const UPLOAD_ANSWER_STATUS = {
  /** Added (or removed) as asked. */
  done: 200,
  /** The form carried no file. */
  noneChosen: 400,
  /** The draft or the gallery has no room for these photos. */
  full: 409,
  /** A file is not a PNG, JPEG or WebP photo. */
  notPhotos: 422,
  /** Storage or the database failed. */
  storeFailed: 502,
} as const;

/** What came of posting one file, as the picker shows it beside the file. */
export type UploadResult = { added: true } | { added: false; problem: string; retryable: boolean };

/** The longest message shown beside a file: longer text is not the app's. */
const MAX_PROBLEM_LENGTH = 500;

const answerSchema = z.omit(toastSchema, { id: true });

/**
 * Reads an upload route's answer to the page's script: JSON when the post was read (added, or the
 * message saying why not), plain text when it was refused before (too large, too many posts, signed
 * out). Anything else (a proxy's error page, or status 0: the connection was lost) gets the place's
 * own failure message. Worth trying again: a lost connection, a post that could not be read, a full
 * draft or gallery (once a photo is removed), too many posts, a failing server; not a file that is
 * no photo or too large, nor a visitor who has to sign in.
 */
export function readUploadAnswer(answer: { status: number; contentType: string | null; body: string }, failureMessage: string): UploadResult {
  const { status } = answer;
  const mediaType = (answer.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  let message: string | null = null;
  if (mediaType === UPLOAD_ANSWER_TYPE) {
    const parsed = answerSchema.safeParse(parseJson(answer.body));
    if (parsed.success) {
      if (status >= 200 && status < 300 && parsed.data.type === "success") return { added: true };
      message = toastText(parsed.data);
    }
  } else if (mediaType === "text/plain" && status >= 400) {
    const text = answer.body.trim();
    if (text.length > 0 && text.length <= MAX_PROBLEM_LENGTH) message = text;
  }
  const retryable = status === 0 || status === 400 || status === 408 || status === UPLOAD_ANSWER_STATUS.full || status === 429 || status >= 500;
  return { added: false, problem: message ?? failureMessage, retryable };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
