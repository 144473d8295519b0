import type { ToastInput } from "~/domain/toast";
import { UPLOAD_ANSWER_TYPE } from "~/domain/upload-answer";

// How the photo upload routes answer. A plain form post (no JavaScript) gets its message across a
// redirect back to its page; the page's script posts the very same form and asks for JSON (its
// Accept header), so it can tell each file's outcome beside the file without leaving the page.

/** True when the post comes from the page's script, which reads the outcome itself. */
export function wantsUploadAnswer(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  return accept.split(",").some((range) => range.split(";")[0]!.trim().toLowerCase() === UPLOAD_ANSWER_TYPE);
}

/** What came of the post, for the page's script: the message, with a status saying whether its photos were taken. */
export function uploadAnswer(toast: ToastInput, status: number): Response {
  return Response.json(toast, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * A refusal as plain text, the same for a browser without JavaScript (a page of its own) and for
 * the page's script; the connection is closed, so a body not read is not waited for.
 */
export function plainRefusal(message: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close", ...headers },
  });
}
