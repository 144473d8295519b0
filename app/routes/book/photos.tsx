import { href, redirect, replace } from "react-router";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { withFormAnswers, type BookingDraft } from "~/domain/booking-wizard";
import { MAX_BOOKING_PHOTOS, PHOTO_MESSAGES, PHOTO_POST_WITH_ANSWERS_PARAM, isDraftPhotoOf, photoRoomHint, remainingPhotoSlots } from "~/domain/photo-rules";
import type { ToastInput } from "~/domain/toast";
import { UPLOAD_ANSWER_STATUS } from "~/domain/upload-answer";
import { addDraftPhotos, createPhotoBatch, deleteDraftPhotoFiles, removeDraftPhoto, storeDraftPhotos } from "~/services/booking-photos.server";
import { loadDraft, saveDraft } from "~/services/drafts.server";
import {
  FORM_BODY_LIMIT_BYTES,
  PHOTO_FILE_LIMIT_BYTES,
  PHOTO_UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_TEXT_LIMIT_BYTES,
  readUploadBody,
} from "~/services/form-body.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { setToast } from "~/services/toast.server";
import { BUSY_RETRY_SECONDS, admitUploadPost, type UploadLimitCheck, type UploadPostRefusal } from "~/services/upload-limit.server";
import { plainRefusal, uploadAnswer, wantsUploadAnswer } from "../upload-answers";
import type { Route } from "./+types/photos";

/** Where every answer sends the customer back to: the wizard's add-ons step. */
const ADDONS = href("/book/addons");

/** Files one post may carry, however few the draft has room for (the rest are counted, not decoded). */
const MAX_FILES_PER_POST = 5 * MAX_BOOKING_PHOTOS;

const REFUSALS = {
  "too-large": { status: 413, message: PHOTO_MESSAGES.tooLarge },
  "unsupported-type": { status: 415, message: PHOTO_MESSAGES.unsupportedType },
  malformed: { status: 400, message: PHOTO_MESSAGES.malformed },
} as const;

/**
 * Photos of the customer's belongings on the wizard's draft, for signed-in customers only (a guest
 * is refused with 403 before the body is read). `intent=upload` takes the files of the `photos`
 * field (multipart, streamed, each checked by its bytes and re-encoded without metadata before it
 * is stored); `intent=remove` takes the `path` of one photo. Both answer with a redirect to the
 * add-ons step and a message, or, to the page's script (which asks for JSON), with the message
 * itself and a status; refusals are plain text for both. Before any of the body is read: too many
 * posts from this address or customer, or a third while two of theirs are being read, get 429, and
 * without a draft the wizard starts at its first step. Each photo counts against the photo limit
 * before it is decoded; files beyond the draft's room are counted, never decoded. The form's text
 * fields get a few KB, or an ordinary form's allowance when the add-ons step's own form is posted
 * here with its answers (`?answers=addons`, Upload without JavaScript): those are saved too.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = context.get(sessionContext);
  if (!user) return plainRefusal(PHOTO_MESSAGES.signInRequired, 403);
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > PHOTO_UPLOAD_BODY_LIMIT_BYTES) return plainRefusal(PHOTO_MESSAGES.tooLarge, 413);
  // Every post counts against the upload limit before any of it is read, and each photo before it is decoded.
  return admitUploadPost(context, user.id, refusedPost, (limit) => photos(args, user.id, limit));
}

function refusedPost(refusal: UploadPostRefusal) {
  if (refusal.problem === "busy") return plainRefusal(PHOTO_MESSAGES.uploadFailed, 429, { "Retry-After": String(BUSY_RETRY_SECONDS) });
  return plainRefusal(tooManyAttemptsMessage(refusal.wait), 429, { "Retry-After": String(refusal.wait) });
}

async function photos(args: Route.ActionArgs, userId: string, limit: UploadLimitCheck) {
  const { request, context } = args;
  const { supabase } = context.get(sessionContext);
  const { serviceRole } = context.get(servicesContext);
  const stored = await loadDraft(request, context);
  // No draft yet: nothing to add to or remove from; the wizard starts at its first step.
  const draftId = stored.id;
  if (!draftId) return redirect(href("/book"), { headers: { Connection: "close" } });
  const batch = createPhotoBatch(remainingPhotoSlots(stored.draft.photos?.length ?? 0));
  // The add-ons step's own form, sent by Upload without JavaScript, carries the step's answers beside the photos.
  const withAnswers = new URL(request.url).searchParams.get(PHOTO_POST_WITH_ANSWERS_PARAM) === "addons";
  const body = await readUploadBody(
    request,
    {
      limitBytes: PHOTO_UPLOAD_BODY_LIMIT_BYTES,
      fileLimitBytes: PHOTO_FILE_LIMIT_BYTES,
      maxFiles: MAX_FILES_PER_POST,
      textLimitBytes: withAnswers ? FORM_BODY_LIMIT_BYTES : UPLOAD_TEXT_LIMIT_BYTES,
    },
    async (file) => {
      if ((await limit.beforeFile(file)) === null) await batch.add(file);
    },
  );
  const wait = limit.wait();
  if (wait) return plainRefusal(tooManyAttemptsMessage(wait), 429, { "Retry-After": String(wait) });
  if (body.kind !== "read") return plainRefusal(REFUSALS[body.kind].message, REFUSALS[body.kind].status);

  const intent = body.formData.get("intent");
  const owner = { userId };
  const { logger } = context.get(requestContext);

  if (intent === "remove") {
    const path = body.formData.get("path");
    const photo = stored.draft.photos?.find((candidate) => candidate.path === path);
    // Not on the draft (removed already, by a second press): nothing left to do.
    if (!photo) return back(args, { type: "success", title: PHOTO_MESSAGES.removed }, UPLOAD_ANSWER_STATUS.done);
    // A photo someone else left on this browser's draft is only taken off the list: its files are theirs.
    const deleted = isDraftPhotoOf(photo, owner.userId, draftId) ? await deleteDraftPhotoFiles(supabase, [photo]) : null;
    if (deleted?.kind === "failed") {
      logger.warn({ err: deleted.cause, path: photo.path }, "a booking photo could not be removed from storage");
      return back(args, { type: "error", title: PHOTO_MESSAGES.removeFailed }, UPLOAD_ANSWER_STATUS.storeFailed);
    }
    await removeDraftPhoto(serviceRole, draftId, photo.path);
    return back(args, { type: "success", title: PHOTO_MESSAGES.removed }, UPLOAD_ANSWER_STATUS.done);
  }

  if (intent !== "upload") return plainRefusal(PHOTO_MESSAGES.malformed, 400);
  // What the step's form held is kept as its Back keeps it (unchecked; Continue checks it), whatever comes of the photos.
  if (withAnswers) await saveDraft(context, stored, withFormAnswers(stored.draft, "addons", body.formData));
  const { received, ready, rejected, tooMany } = batch.result();
  if (tooMany) return back(args, tooManyToast(stored.draft), UPLOAD_ANSWER_STATUS.full);
  if (received === 0) return back(args, { type: "info", title: PHOTO_MESSAGES.noneChosen }, UPLOAD_ANSWER_STATUS.noneChosen);

  const { stored: added, failed } = await storeDraftPhotos(supabase, { ...owner, draftId }, ready);
  if (failed > 0) logger.warn({ failed }, "booking photos could not be stored");
  // Another upload may have filled the draft meanwhile: then these are not kept.
  if (added.length > 0 && (await addDraftPhotos(serviceRole, draftId, added)).kind === "no-room") {
    await deleteDraftPhotoFiles(supabase, added);
    return back(args, tooManyToast((await loadDraft(request, context)).draft), UPLOAD_ANSWER_STATUS.full);
  }
  if (rejected + failed > 0) {
    return back(
      args,
      {
        type: "error",
        title: PHOTO_MESSAGES.uploadFailed,
        description: `${added.length} of ${received} ${received === 1 ? "photo was" : "photos were"} added. ${PHOTO_MESSAGES.acceptedTypes}`,
      },
      rejected > 0 ? UPLOAD_ANSWER_STATUS.notPhotos : UPLOAD_ANSWER_STATUS.storeFailed,
    );
  }
  return back(args, { type: "success", title: PHOTO_MESSAGES.uploaded(added.length) }, UPLOAD_ANSWER_STATUS.done);
}

/** A GET (a bookmark, a refresh after a refusal) goes back to the add-ons step. */
export function loader() {
  return redirect(ADDONS);
}

/**
 * Back to the add-ons step with a message, in place of the page that was there (no extra history
 * entry); to the page's script, the message itself with the status.
 */
async function back({ request, context }: Route.ActionArgs, toast: ToastInput, status: number) {
  if (wantsUploadAnswer(request)) return uploadAnswer(toast, status);
  await setToast(context, toast);
  return replace(ADDONS);
}

function tooManyToast(draft: BookingDraft): ToastInput {
  return { type: "error", title: PHOTO_MESSAGES.tooMany, description: photoRoomHint(draft.photos?.length ?? 0) };
}
