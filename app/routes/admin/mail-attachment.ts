import { attachmentIndex } from "~/domain/admin-mailbox";
import type { Route } from "./+types/mail-attachment";
import { openMailbox } from "./mailbox-access";

/** One attachment of a caught message, as a download with its own content type. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const mailbox = await openMailbox(request, context);
  const index = attachmentIndex(params.index);
  const attachment = index === null ? undefined : mailbox.attachment(params.messageId, index);
  if (!attachment) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(attachment.content as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType) ? attachment.contentType : "application/octet-stream",
      "Content-Disposition": contentDisposition(attachment.filename),
      "Cache-Control": "private, no-store",
      // A caught HTML or SVG file must never run as this site's page.
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** `attachment` with the file name: an ASCII fallback and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
