import { redirect } from "react-router";
import { requestContext, sessionContext, userContext } from "~/context";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { GALLERY_MESSAGES, MAX_GALLERY_PHOTOS, galleryRoomHint, notPhotosDescription, remainingGallerySlots } from "~/domain/gallery-rules";
import type { ToastInput } from "~/domain/toast";
import { UPLOAD_ANSWER_STATUS } from "~/domain/upload-answer";
import { PHOTO_FILE_LIMIT_BYTES, UPLOAD_OVERHEAD_BYTES, UPLOAD_TEXT_LIMIT_BYTES, readUploadBody } from "~/services/form-body.server";
import { countGalleryPhotos, createGalleryBatch, saveGalleryPhotos } from "~/services/gallery.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { BUSY_RETRY_SECONDS, admitUploadPost, type UploadLimitCheck, type UploadPostRefusal } from "~/services/upload-limit.server";
import { plainRefusal, uploadAnswer, wantsUploadAnswer } from "../upload-answers";
import { backToGallery } from "./gallery-tab.server";
import type { Route } from "./+types/gallery-upload";

/** A full gallery's worth of 10 MB photos in one post, with room for the form's framing. */
const GALLERY_UPLOAD_BODY_LIMIT_BYTES = MAX_GALLERY_PHOTOS * PHOTO_FILE_LIMIT_BYTES + UPLOAD_OVERHEAD_BYTES;

/** Files one post may carry, however few the gallery has room for (the rest are counted, not decoded). */
const MAX_FILES_PER_POST = 2 * MAX_GALLERY_PHOTOS;

const REFUSALS = {
  "too-large": { status: 413, message: GALLERY_MESSAGES.tooLarge },
  "unsupported-type": { status: 415, message: GALLERY_MESSAGES.unsupportedType },
  malformed: { status: 400, message: GALLERY_MESSAGES.malformed },
} as const;

/**
 * Adds photos to the customer's gallery: the `photos` files of an `intent=upload` post (multipart,
 * streamed, each checked by its bytes and re-encoded without metadata as it arrives; the form's
 * text fields get a few KB). Answers with a redirect to the gallery and a message, or, to the page's
 * script (which asks for JSON), with the message itself and a status. Refusals of the body (too
 * large, too many posts or photos, two uploads of the customer's already being read, not a form)
 * are plain text for both; the connection is then closed, so the rest is not waited for.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > GALLERY_UPLOAD_BODY_LIMIT_BYTES) return plainRefusal(GALLERY_MESSAGES.tooLarge, 413);
  // Every post counts against the upload limit before any of it is read, and each photo before it is decoded.
  return admitUploadPost(context, context.get(userContext).id, refusedPost, (limit) => upload(args, limit));
}

function refusedPost(refusal: UploadPostRefusal) {
  if (refusal.problem === "busy") return plainRefusal(GALLERY_MESSAGES.saveFailed, 429, { "Retry-After": String(BUSY_RETRY_SECONDS) });
  return plainRefusal(tooManyAttemptsMessage(refusal.wait), 429, { "Retry-After": String(refusal.wait) });
}

async function upload(args: Route.ActionArgs, limit: UploadLimitCheck) {
  const { request, context } = args;
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
    {
      limitBytes: GALLERY_UPLOAD_BODY_LIMIT_BYTES,
      fileLimitBytes: PHOTO_FILE_LIMIT_BYTES,
      maxFiles: MAX_FILES_PER_POST,
      textLimitBytes: UPLOAD_TEXT_LIMIT_BYTES,
    },
    async (file) => {
      if ((await limit.beforeFile(file)) === null) await batch.add(file);
    },
  );
  const wait = limit.wait();
  if (wait) return plainRefusal(tooManyAttemptsMessage(wait), 429, { "Retry-After": String(wait) });
  if (body.kind !== "read") return plainRefusal(REFUSALS[body.kind].message, REFUSALS[body.kind].status);
  if (body.formData.get("intent") !== "upload") return plainRefusal(GALLERY_MESSAGES.malformed, 400);

  const { received, ready, rejected, tooMany } = batch.result();
  if (tooMany) return back(args, { type: "error", title: GALLERY_MESSAGES.tooMany, description: galleryRoomHint(held) }, UPLOAD_ANSWER_STATUS.full);
  if (received === 0) return back(args, { type: "info", title: GALLERY_MESSAGES.noneChosen }, UPLOAD_ANSWER_STATUS.noneChosen, { upload: true });

  const saved = ready.length > 0 ? await saveGalleryPhotos(supabase, user.id, ready) : ({ kind: "saved", added: 0 } as const);
  if (saved.kind === "too-many") {
    // Another upload filled the gallery meanwhile: the database refused these.
    const now = await countGalleryPhotos(supabase, user.id).catch(() => MAX_GALLERY_PHOTOS);
    return back(args, { type: "error", title: GALLERY_MESSAGES.tooMany, description: galleryRoomHint(now) }, UPLOAD_ANSWER_STATUS.full);
  }
  if (saved.kind === "failed") {
    logger.error({ count: ready.length }, "gallery photos could not be saved");
    return back(args, { type: "error", title: GALLERY_MESSAGES.saveFailed }, UPLOAD_ANSWER_STATUS.storeFailed);
  }
  if (rejected.length > 0) {
    const description = notPhotosDescription(saved.added, received, rejected);
    return back(args, { type: "error", title: GALLERY_MESSAGES.notImages, description }, UPLOAD_ANSWER_STATUS.notPhotos);
  }
  return back(args, { type: "success", title: GALLERY_MESSAGES.added(saved.added) }, UPLOAD_ANSWER_STATUS.done);
}

/** A GET (a bookmark, a refresh after a refusal) goes to the gallery. */
export function loader() {
  return redirect(dashboardTabPath("gallery"));
}

/** To the page's script, the message itself with the status; otherwise back to the gallery with it. */
async function back({ request, context }: Route.ActionArgs, toast: ToastInput, status: number, options: { upload?: boolean } = {}) {
  if (wantsUploadAnswer(request)) return uploadAnswer(toast, status);
  return backToGallery(context, toast, options);
}
