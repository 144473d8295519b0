import { data, redirect, type RouterContextProvider } from "react-router";
import type { GalleryTabData } from "~/components/dashboard/gallery-tab";
import { requestContext, sessionContext, userContext } from "~/context";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import {
  GALLERY_MESSAGES,
  MAX_GALLERY_PHOTOS,
  formatUploadedDate,
  galleryImagePath,
  galleryRoomHint,
  isGalleryImageId,
  notPhotosDescription,
  remainingGallerySlots,
} from "~/domain/gallery-rules";
import type { ToastInput } from "~/domain/toast";
import { PHOTO_FILE_LIMIT_BYTES, UPLOAD_OVERHEAD_BYTES, readUploadBody } from "~/services/form-body.server";
import {
  countGalleryPhotos,
  createGalleryBatch,
  deleteGalleryRow,
  findGalleryPhoto,
  listGalleryPhotos,
  removeGalleryFiles,
  saveGalleryPhotos,
} from "~/services/gallery.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/home";

/** A full gallery's worth of 10 MB photos in one post, with room for the form's framing. */
export const GALLERY_UPLOAD_BODY_LIMIT_BYTES = MAX_GALLERY_PHOTOS * PHOTO_FILE_LIMIT_BYTES + UPLOAD_OVERHEAD_BYTES;

/** Files one post may carry, however few the gallery has room for (the rest are counted, not decoded). */
const MAX_FILES_PER_POST = 2 * MAX_GALLERY_PHOTOS;

const GALLERY = dashboardTabPath("gallery");

/**
 * The gallery tab's data: the customer's photos, newest first (read with their own client, naming
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
    photos = (await listGalleryPhotos(supabase, user.id)).map((photo) => ({
      id: photo.id,
      fileName: photo.fileName,
      uploadedOn: formatUploadedDate(photo.uploadedAt),
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

/** A refusal of the body itself, before or while it is read; the connection is closed so the rest is not waited for. */
function refuse(context: Readonly<RouterContextProvider>, message: string, status: number): never {
  context.get(requestContext).responseHeaders.set("Connection", "close");
  throw data(message, { status });
}

const REFUSALS = {
  "too-large": { status: 413, message: GALLERY_MESSAGES.tooLarge },
  "unsupported-type": { status: 415, message: GALLERY_MESSAGES.unsupportedType },
  malformed: { status: 400, message: GALLERY_MESSAGES.malformed },
} as const;

/**
 * Adds photos to the gallery (`intent=upload`, the `photos` files: multipart, streamed, each
 * checked by its bytes and re-encoded without metadata as it arrives) or deletes one
 * (`intent=delete`, `imageId`). Both answer with a redirect to the gallery and a message, with or
 * without JavaScript.
 */
export async function galleryAction({ request, context }: Route.ActionArgs) {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > GALLERY_UPLOAD_BODY_LIMIT_BYTES) refuse(context, GALLERY_MESSAGES.tooLarge, 413);

  const user = context.get(userContext);
  const { supabase } = context.get(sessionContext);
  const { logger } = context.get(requestContext);

  // The room is known before the files arrive, so files beyond it are never decoded.
  let held: number;
  try {
    held = await countGalleryPhotos(supabase, user.id);
  } catch (error) {
    // The database still refuses a 21st photo; here the count only spares decoding.
    logger.warn({ err: error }, "the gallery could not be counted before an upload");
    held = 0;
  }
  const batch = createGalleryBatch(remainingGallerySlots(held));
  const body = await readUploadBody(
    request,
    { limitBytes: GALLERY_UPLOAD_BODY_LIMIT_BYTES, fileLimitBytes: PHOTO_FILE_LIMIT_BYTES, maxFiles: MAX_FILES_PER_POST },
    batch.add,
  );
  if (!body.ok) refuse(context, REFUSALS[body.problem].message, REFUSALS[body.problem].status);

  const intent = body.formData.get("intent");
  if (intent === "delete") return deletePhoto(context, body.formData.get("imageId"));
  if (intent !== "upload") throw data(GALLERY_MESSAGES.malformed, { status: 400 });

  const { received, ready, rejected, tooMany } = batch.result();
  if (tooMany) return back(context, { type: "error", title: GALLERY_MESSAGES.tooMany, description: galleryRoomHint(held) });
  if (received === 0) return back(context, { type: "info", title: GALLERY_MESSAGES.noneChosen }, { upload: true });

  const saved = ready.length > 0 ? await saveGalleryPhotos(supabase, user.id, ready) : ({ ok: true, added: 0 } as const);
  if (!saved.ok && saved.problem === "too-many") {
    // Another upload filled the gallery meanwhile: the database refused these.
    const now = await countGalleryPhotos(supabase, user.id).catch(() => MAX_GALLERY_PHOTOS);
    return back(context, { type: "error", title: GALLERY_MESSAGES.tooMany, description: galleryRoomHint(now) });
  }
  if (!saved.ok) {
    logger.error({ count: ready.length }, "gallery photos could not be saved");
    return back(context, { type: "error", title: GALLERY_MESSAGES.saveFailed });
  }
  if (rejected.length > 0) {
    return back(context, { type: "error", title: GALLERY_MESSAGES.notImages, description: notPhotosDescription(saved.added, received, rejected) });
  }
  return back(context, { type: "success", title: GALLERY_MESSAGES.added(saved.added) });
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
  if (!isGalleryImageId(imageId)) return back(context, { type: "error", title: GALLERY_MESSAGES.notFound });
  let photo;
  try {
    photo = await findGalleryPhoto(supabase, user.id, imageId);
  } catch (error) {
    logger.error({ err: error, imageId }, "a gallery photo could not be read to delete it");
    return back(context, { type: "error", title: GALLERY_MESSAGES.deleteFailed });
  }
  if (!photo) return back(context, { type: "error", title: GALLERY_MESSAGES.notFound });

  const files = [photo.path, ...(photo.thumbnailPath ? [photo.thumbnailPath] : [])];
  if (!(await removeGalleryFiles(supabase, files))) logger.warn({ imageId, files }, "a gallery photo's files could not be removed from storage");
  if (!(await deleteGalleryRow(supabase, user.id, photo.id))) {
    logger.error({ imageId }, "a gallery photo could not be deleted");
    return back(context, { type: "error", title: GALLERY_MESSAGES.deleteFailed });
  }
  return back(context, { type: "success", title: GALLERY_MESSAGES.deleted, description: GALLERY_MESSAGES.deletedDescription });
}

/** Back to the gallery with a message (the uploader left open when asked). */
async function back(context: Readonly<RouterContextProvider>, toast: ToastInput, options: { upload?: boolean } = {}) {
  await setToast(context, toast);
  return redirect(options.upload ? `${GALLERY}&upload=1#upload` : GALLERY);
}
