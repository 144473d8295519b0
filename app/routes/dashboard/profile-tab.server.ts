import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { ProfileTabData } from "~/components/dashboard/profile-tab";
import { requestContext, sessionContext, userContext } from "~/context";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { MAX_AVATAR_BYTES, PROFILE_MESSAGES, profileSchema } from "~/domain/profile";
import { UPLOAD_OVERHEAD_BYTES, readUploadBody } from "~/services/form-body.server";
import { reencodeAvatar } from "~/services/image-processing.server";
import { ProfileStoreError, loadProfile, ownAvatarFile, removeAvatarFiles, saveProfile, storeAvatar, updateAccountMetadata } from "~/services/profiles.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { setToast } from "~/services/toast.server";
import { uploadLimitCheck } from "~/services/upload-limit.server";
import type { Route } from "./+types/profile";

/** One avatar and the form's text fields (a few kilobytes) with the multipart framing. */
const PROFILE_BODY_LIMIT_BYTES = MAX_AVATAR_BYTES + UPLOAD_OVERHEAD_BYTES;

/** The profile tab's data: the customer's saved profile (empty fields when there is none yet). */
export async function loadProfileTab({ context }: Route.LoaderArgs): Promise<ProfileTabData> {
  const user = context.get(userContext);
  const { supabase } = context.get(sessionContext);
  try {
    const profile = await loadProfile(supabase, user.id);
    // Only a file of the customer's own is shown as their avatar.
    return { profile: { ...profile, avatarUrl: ownAvatarFile(supabase, user.id, profile.avatarUrl) ? profile.avatarUrl : null }, loadFailed: false };
  } catch (error) {
    if (!(error instanceof ProfileStoreError)) throw error;
    context.get(requestContext).logger.error({ err: error.cause }, "could not load the profile");
    return { profile: null, loadFailed: true };
  }
}

/** A refusal of the whole post, shown beside the avatar (what made it too large) or above the form. */
function refusal(problem: "too-large" | "unsupported-type" | "malformed") {
  const result: SubmissionResult<string[]> =
    problem === "too-large"
      ? { status: "error", error: { avatar: [PROFILE_MESSAGES.avatarTooLarge] } }
      : { status: "error", error: { "": [problem === "malformed" ? PROFILE_MESSAGES.malformed : PROFILE_MESSAGES.unsupportedType] } };
  return data(result, { status: problem === "too-large" ? 413 : problem === "malformed" ? 400 : 415 });
}

/**
 * Saves the profile form: the text fields, and a new avatar when one was chosen. The multipart body
 * is streamed within 5 MB for the avatar (413 beyond, refused from the declared size before reading);
 * the avatar is checked by its bytes and re-encoded to a small square before it is stored. On
 * success the old avatar file is removed, the account's name and avatar are updated for the header,
 * and the customer is sent back to the tab with a message.
 */
export async function profileAction({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const { supabase } = context.get(sessionContext);
  const { logger } = context.get(requestContext);

  // The avatar is checked and re-encoded as it arrives; only the small result is kept.
  const upload: { avatar: Awaited<ReturnType<typeof reencodeAvatar>> | null } = { avatar: null };
  // A new avatar counts against the upload limit before it is decoded.
  const limit = uploadLimitCheck(context, user.id);
  const body = await readUploadBody(request, { limitBytes: PROFILE_BODY_LIMIT_BYTES, fileLimitBytes: MAX_AVATAR_BYTES, maxFiles: 1 }, async (file) => {
    // No file chosen arrives as an empty one.
    if (file.size === 0 || (await limit.beforeFile(file)) !== null) return;
    upload.avatar = await reencodeAvatar(new Uint8Array(await file.arrayBuffer()));
  });
  const wait = limit.wait();
  if (wait && body.kind === "read") {
    // What was typed stays in the form; only the avatar is refused.
    const typed = parseWithZod(body.formData, { schema: profileSchema });
    return data(typed.reply({ fieldErrors: { avatar: [tooManyAttemptsMessage(wait)] } }), { status: 429 });
  }
  if (body.kind !== "read") return refusal(body.kind);

  const submission = parseWithZod(body.formData, { schema: profileSchema });
  const chosen = upload.avatar;
  const avatarProblem = chosen?.kind === "rejected" ? { avatar: [PROFILE_MESSAGES.avatarNotAnImage] } : undefined;
  if (submission.status !== "success" || avatarProblem) {
    return data(submission.reply(avatarProblem ? { fieldErrors: avatarProblem } : undefined), { status: 400 });
  }
  const { fullName, phone, address, bio } = submission.value;
  const newAvatar = chosen?.kind === "avatar" ? chosen.avatar : null;
  const failed = () => data(submission.reply({ formErrors: [PROFILE_MESSAGES.saveFailed] }), { status: 500 });

  let previousAvatar: string | null;
  try {
    previousAvatar = (await loadProfile(supabase, user.id)).avatarUrl;
  } catch (error) {
    if (!(error instanceof ProfileStoreError)) throw error;
    logger.error({ err: error.cause }, "could not read the profile before saving it");
    return failed();
  }

  const storing = newAvatar ? await storeAvatar(supabase, user.id, newAvatar) : null;
  if (storing?.kind === "failed") {
    logger.error({ err: storing.cause }, "could not store the avatar");
    return failed();
  }
  const stored = storing;

  let avatarUrl: string | null;
  try {
    avatarUrl = await saveProfile(supabase, user.id, {
      fullName,
      phone: phone ?? null,
      address: address ?? null,
      bio: bio ?? null,
      ...(stored ? { avatarUrl: stored.publicUrl } : {}),
    });
  } catch (error) {
    if (!(error instanceof ProfileStoreError)) throw error;
    logger.error({ err: error.cause }, "could not save the profile");
    const unsaved = stored ? await removeAvatarFiles(supabase, [stored.path]) : null;
    if (unsaved?.kind === "failed") logger.warn({ err: unsaved.cause, path: stored?.path }, "an unsaved avatar could not be removed");
    return failed();
  }

  // The replaced file, when it was the customer's own; failing to remove it loses nothing.
  const replaced = stored ? ownAvatarFile(supabase, user.id, previousAvatar) : null;
  const removed = replaced && replaced !== stored?.path ? await removeAvatarFiles(supabase, [replaced]) : null;
  if (removed?.kind === "failed") logger.warn({ err: removed.cause, path: replaced }, "the previous avatar could not be removed");
  const updated = await updateAccountMetadata(supabase, { fullName, avatarUrl });
  if (updated.kind === "failed") logger.warn({ err: updated.cause }, "the account's name and avatar could not be updated");

  await setToast(context, { type: "success", title: PROFILE_MESSAGES.savedTitle, description: PROFILE_MESSAGES.savedDescription });
  return redirect(dashboardTabPath("profile"));
}
