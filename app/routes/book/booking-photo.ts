import { requestContext, sessionContext } from "~/context";
import { hasPermission } from "~/domain/permissions";
import { isStoredBookingPhotoPath } from "~/domain/photo-rules";
import { downloadBookingPhoto } from "~/services/booking-photos.server";
import type { Route } from "./+types/booking-photo";

/** A stored photo never changes under its random name: browsers may keep it for good, privately. */
export const BOOKING_PHOTO_CACHE_CONTROL = "private, max-age=31536000, immutable";

const plain = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * A booking photo or its thumbnail (on a draft or attached to a booking), for its owner and for staff
 * who read bookings: the path must lie in the signed-in customer's own folder (or the visitor holds
 * `bookings:read`), and the file is downloaded with the visitor's own client (the bucket is private;
 * its policies decide again). Anything else, someone else's photo included, is a plain 404; storage
 * failing is a plain 502.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, supabase, roles } = context.get(sessionContext);
  const path = `${params.ownerId}/drafts/${params.draftId}/${params.fileName}`;
  if (!user || !isStoredBookingPhotoPath(path)) return plain("Not found", 404);
  if (params.ownerId !== user.id && !hasPermission(await roles(), "bookings:read")) return plain("Not found", 404);

  const photo = await downloadBookingPhoto(supabase, path);
  if (photo.kind === "not-found") return plain("Not found", 404);
  if (photo.kind === "failed") {
    context.get(requestContext).logger.warn({ err: photo.cause, path }, "a booking photo could not be downloaded");
    return plain("The photo could not be loaded. Please try again.", 502);
  }
  return new Response(photo.bytes, {
    headers: { "Content-Type": photo.contentType, "Content-Length": String(photo.bytes.byteLength), "Cache-Control": BOOKING_PHOTO_CACHE_CONTROL },
  });
}
