import { data, redirect, type RouterContextProvider } from "react-router";
import type { GalleryTabData } from "~/components/dashboard/gallery-tab";
import { requestContext, sessionContext, settingsContext, userContext } from "~/context";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { GALLERY_MESSAGES, formatUploadedDate, galleryImagePath, isGalleryImageId } from "~/domain/gallery-rules";
import type { ToastInput } from "~/domain/toast";
import { readFormBody } from "~/services/form-body.server";
import { deleteGalleryRow, findGalleryPhoto, listGalleryPhotos, removeGalleryFiles } from "~/services/gallery.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/gallery";

const GALLERY = dashboardTabPath("gallery");

/**
 * The gallery page's data: the customer's photos, newest first (read with their own client, naming
 * them: an admin's client could read everyone's), the photo previewed (`?preview=<id>`, a dialog the server
 * renders, so it opens without JavaScript) and whether the uploader is open (`?upload=1`).
 */
export async function loadGalleryTab({ request, context }: Route.LoaderArgs): Promise<GalleryTabData> {
  const { supabase } = context.get(sessionContext);
  const user = context.get(userContext);
  const params = new URL(request.url).searchParams;
  let photos: GalleryTabData["photos"] = [];
  let loadFailed = false;
  try {
    const [listed, { timeZone }] = await Promise.all([listGalleryPhotos(supabase, user.id), context.get(settingsContext)()]);
    photos = listed.map((photo) => ({
      id: photo.id,
      fileName: photo.fileName,
      uploadedOn: formatUploadedDate(photo.uploadedAt, timeZone),
      thumbUrl: galleryImagePath(photo.id, "thumb"),
      fullUrl: galleryImagePath(photo.id, "full"),
    }));
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "the gallery could not be loaded");
    loadFailed = true;
  }
  const preview = params.get("preview");
  return {
    photos,
    loadFailed,
    previewId: photos.some((photo) => photo.id === preview) ? preview : null,
    uploaderOpen: params.get("upload") === "1",
  };
}

/**
 * The gallery page's form: deletes one of the customer's photos (`intent=delete`, `imageId`) and
 * answers with a redirect to the gallery and a message, with or without JavaScript. (Photos are
 * added through the gallery's upload route.)
 */
export async function galleryAction({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  if (form.get("intent") !== "delete") throw data(GALLERY_MESSAGES.malformed, { status: 400 });
  return deletePhoto(context, form.get("imageId"));
}

/**
 * Deletes one of the customer's photos: its files first (a storage failure alone is only logged:
 * the photo leaves the gallery all the same), then its row. A photo that is not theirs is never
 * seen (row level security), so nothing of anyone else's is touched.
 */
async function deletePhoto(context: Readonly<RouterContextProvider>, imageId: FormDataEntryValue | null) {
  const { supabase } = context.get(sessionContext);
  const user = context.get(userContext);
  const { logger } = context.get(requestContext);
  if (!isGalleryImageId(imageId)) return backToGallery(context, { type: "error", title: GALLERY_MESSAGES.notFound });
  let found;
  try {
    found = await findGalleryPhoto(supabase, user.id, imageId);
  } catch (error) {
    logger.error({ err: error, imageId }, "a gallery photo could not be read to delete it");
    return backToGallery(context, { type: "error", title: GALLERY_MESSAGES.deleteFailed });
  }
  if (found.kind === "not-found") return backToGallery(context, { type: "error", title: GALLERY_MESSAGES.notFound });
  const { photo } = found;

  const files = [photo.path, ...(photo.thumbnailPath ? [photo.thumbnailPath] : [])];
  const removed = await removeGalleryFiles(supabase, files);
  if (removed.kind === "failed") logger.warn({ err: removed.cause, imageId, files }, "a gallery photo's files could not be removed from storage");
  const deleted = await deleteGalleryRow(supabase, user.id, photo.id);
  if (deleted.kind !== "deleted") {
    // A row gone meanwhile is told as a failure too.
    logger.error({ err: deleted.kind === "failed" ? deleted.cause : undefined, imageId }, "a gallery photo could not be deleted");
    return backToGallery(context, { type: "error", title: GALLERY_MESSAGES.deleteFailed });
  }
  return backToGallery(context, { type: "success", title: GALLERY_MESSAGES.deleted, description: GALLERY_MESSAGES.deletedDescription });
}

/** Back to the gallery with a message (the uploader left open when asked). */
export async function backToGallery(context: Readonly<RouterContextProvider>, toast: ToastInput, options: { upload?: boolean } = {}) {
  await setToast(context, toast);
  return redirect(options.upload ? `${GALLERY}?upload=1#upload` : GALLERY);
}
