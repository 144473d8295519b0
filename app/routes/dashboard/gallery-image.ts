import { requestContext, sessionContext, userContext } from "~/context";
import { isGalleryImageId, isGalleryImageVariant } from "~/domain/gallery-rules";
import { GalleryStoreError, downloadGalleryObject, findGalleryPhoto, galleryObjectPath } from "~/services/gallery.server";
import type { Route } from "./+types/gallery-image";

/** A photo's files never change under their names (a new photo gets a new id): browsers may keep them for good, privately. */
export const GALLERY_IMAGE_CACHE_CONTROL = "private, max-age=31536000, immutable";

// (X-Content-Type-Options: nosniff is on every response already: the server's security headers.)
const plain = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * A gallery photo (`full`) or its thumbnail (`thumb`), for its owner only: the row is read with
 * the visitor's own client and their id (nobody else's row is asked for), and the file downloaded with
 * it too (the bucket is private; its policies give a customer their own folder only). Anything
 * else, someone else's photo included, is a plain 404; storage failing is a plain 502.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { imageId, variant } = params;
  if (!isGalleryImageId(imageId) || !isGalleryImageVariant(variant)) return plain("Not found", 404);
  const { supabase } = context.get(sessionContext);
  const { logger } = context.get(requestContext);

  let found;
  try {
    found = await findGalleryPhoto(supabase, context.get(userContext).id, imageId);
  } catch (error) {
    if (!(error instanceof GalleryStoreError)) throw error;
    logger.error({ err: error, imageId }, "a gallery photo could not be read");
    return plain("The photo could not be loaded. Please try again.", 502);
  }
  if (found.kind === "not-found") return plain("Not found", 404);
  const { photo } = found;

  const object = await downloadGalleryObject(supabase, galleryObjectPath(photo, variant));
  if (object.kind === "not-found") {
    logger.warn({ imageId, variant }, "a gallery photo's file is missing from storage");
    return plain("Not found", 404);
  }
  if (object.kind === "failed") {
    logger.warn({ err: object.cause, imageId, variant }, "a gallery photo's file could not be downloaded");
    return plain("The photo could not be loaded. Please try again.", 502);
  }
  return new Response(object.bytes, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.byteLength),
      "Cache-Control": GALLERY_IMAGE_CACHE_CONTROL,
    },
  });
}
