import { avatarFolder, avatarPath, ownAvatarPath, type ProfileView } from "~/domain/profile";
import type { EncodedImage } from "./image-processing.server";
import type { AppSupabaseClient } from "./supabase.server";

// A customer's profile (public.profiles) and avatar (the avatars bucket), always through the
// customer's own client: row level security and the storage policies decide.

/** The public bucket of avatars; its policies let a user write only in the folder named after their id. */
export const AVATARS_BUCKET = "avatars";

/** Avatars never change under their unique names: caches may keep them for a year. */
const AVATAR_CACHE_SECONDS = String(365 * 24 * 60 * 60);

/** The database refused or could not be reached. */
export class ProfileStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProfileStoreError";
  }
}

/** The public URL of the avatars bucket, ending in "/" (computed, no request). */
function avatarsPublicPrefix(supabase: AppSupabaseClient): string {
  const url = supabase.storage.from(AVATARS_BUCKET).getPublicUrl(avatarFolder("x")).data.publicUrl;
  return url.slice(0, url.length - avatarFolder("x").length);
}

/** A profile's avatar URL when it is a file in the account's own folder of the avatars bucket, else null
 *  (the column is the customer's to write, so a URL elsewhere is never shown to anyone). */
export function profileAvatarUrl(supabase: AppSupabaseClient, userId: string, url: string | null): string | null {
  return ownAvatarPath(url, avatarsPublicPrefix(supabase), userId) ? url : null;
}

/** The customer's saved profile; empty fields when there is no row yet. Throws ProfileStoreError. */
export async function loadProfile(supabase: AppSupabaseClient, userId: string): Promise<ProfileView> {
  const { data, error } = await supabase.from("profiles").select("full_name, phone, address, bio, avatar_url").eq("user_id", userId).maybeSingle();
  if (error) throw new ProfileStoreError("could not read the profile", { cause: error });
  return {
    fullName: data?.full_name ?? "",
    phone: data?.phone ?? "",
    address: data?.address ?? "",
    bio: data?.bio ?? "",
    avatarUrl: data?.avatar_url ?? null,
  };
}

export interface StoredAvatar {
  path: string;
  publicUrl: string;
}

/** Stores a re-encoded avatar under a new random name in the customer's folder; `failed` when storage refused. */
export async function storeAvatar(
  supabase: AppSupabaseClient,
  userId: string,
  image: EncodedImage,
): Promise<({ kind: "stored" } & StoredAvatar) | { kind: "failed"; cause: unknown }> {
  const bucket = supabase.storage.from(AVATARS_BUCKET);
  const path = avatarPath(userId, crypto.randomUUID());
  const { error } = await bucket.upload(path, image.bytes, { contentType: image.contentType, upsert: false, cacheControl: AVATAR_CACHE_SECONDS });
  if (error) return { kind: "failed", cause: error };
  return { kind: "stored", path, publicUrl: bucket.getPublicUrl(path).data.publicUrl };
}

/** Removes avatar files: `removed` when they are gone (also when they were gone already), `failed` when storage refused or could not be reached. */
export async function removeAvatarFiles(
  supabase: AppSupabaseClient,
  paths: readonly string[],
): Promise<{ kind: "removed" } | { kind: "failed"; cause: unknown }> {
  if (paths.length === 0) return { kind: "removed" };
  const { error } = await supabase.storage.from(AVATARS_BUCKET).remove([...paths]);
  return error ? { kind: "failed", cause: error } : { kind: "removed" };
}

/** The file behind a saved avatar URL, when it is in this customer's folder of the avatars bucket. */
export function ownAvatarFile(supabase: AppSupabaseClient, userId: string, url: string | null): string | null {
  return ownAvatarPath(url, avatarsPublicPrefix(supabase), userId);
}

export interface ProfileChanges {
  fullName: string;
  phone: string | null;
  address: string | null;
  bio: string | null;
  /** A new avatar's URL; undefined keeps the saved one. */
  avatarUrl?: string;
}

/**
 * Saves the profile with one upsert on user_id (the row sign-up made, or a new one when it is
 * missing). Returns the avatar URL the profile now has. Throws ProfileStoreError.
 */
export async function saveProfile(supabase: AppSupabaseClient, userId: string, changes: ProfileChanges): Promise<string | null> {
  const { data, error } = await supabase
    .from("profiles")
    .upsert(
      {
        user_id: userId,
        full_name: changes.fullName,
        phone: changes.phone,
        address: changes.address,
        bio: changes.bio,
        ...(changes.avatarUrl === undefined ? {} : { avatar_url: changes.avatarUrl }),
      },
      { onConflict: "user_id" },
    )
    .select("avatar_url")
    .single();
  if (error) throw new ProfileStoreError("could not save the profile", { cause: error });
  return data.avatar_url;
}

/** Keeps a booking's phone and address on the customer's own profile (the review's offer). Throws ProfileStoreError. */
export async function keepContactDetails(supabase: AppSupabaseClient, userId: string, details: { phone: string; address: string }): Promise<void> {
  const { error } = await supabase.from("profiles").update({ phone: details.phone, address: details.address }).eq("user_id", userId);
  if (error) throw new ProfileStoreError("could not keep the booking's phone and address", { cause: error });
}

/**
 * Copies the name and avatar onto the account's metadata, so the auth server's copy of the account
 * agrees with its profile (the site frame reads the profile itself). The new session cookies go out
 * with the response. `failed` when the auth server did not take them.
 */
export async function updateAccountMetadata(
  supabase: AppSupabaseClient,
  values: { fullName: string; avatarUrl: string | null },
): Promise<{ kind: "updated" } | { kind: "failed"; cause: unknown }> {
  const { error } = await supabase.auth.updateUser({ data: { full_name: values.fullName, avatar_url: values.avatarUrl } });
  return error ? { kind: "failed", cause: error } : { kind: "updated" };
}
