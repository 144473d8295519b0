import { z } from "zod/mini";
import { ACCEPTED_PHOTO_TYPES, PHOTO_INPUT_ACCEPT } from "./photo-rules";
import { noControlCharacters, noControlCharactersButNewlines } from "./text";

// The profile form's rules, shared by the browser (instant validation) and the server (the
// authority). The lengths are those the database's checks on public.profiles allow.

export const PROFILE_LIMITS = {
  fullName: 200,
  phone: 40,
  address: 500,
  bio: 2000,
} as const;

/** An avatar as sent by the browser: at most 5 MB (the avatars bucket's own limit). */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** The stored avatar: a square of this many pixels a side. */
export const AVATAR_SIDE_PX = 256;

/** The avatar input's `accept` attribute: the same types as photos, told apart by their bytes on the server. */
export const AVATAR_INPUT_ACCEPT = PHOTO_INPUT_ACCEPT;

export const PROFILE_MESSAGES = {
  fullNameRequired: "Full name is required",
  fullNameTooLong: `Full name must be at most ${PROFILE_LIMITS.fullName} characters`,
  fullNameInvalid: "Full name can't contain control characters",
  phoneInvalid: "Enter a US phone number, like (404) 555-0123",
  phoneTooLong: `Phone number must be at most ${PROFILE_LIMITS.phone} characters`,
  addressTooLong: `Address must be at most ${PROFILE_LIMITS.address} characters`,
  addressInvalid: "Address can't contain control characters",
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bio} characters`,
  bioInvalid: "Bio can't contain control characters",
  avatarNotAnImage: "Avatar must be a PNG, JPG or WebP image.",
  avatarTooLarge: "Avatar must be at most 5 MB.",
  saveFailed: "Failed to save your profile. Please try again.",
  savedTitle: "Profile updated",
  savedDescription: "Your profile has been saved.",
  /** A post that is not a form (sent from somewhere other than the page). */
  unsupportedType: "Please send your profile from the profile page.",
  malformed: "Your profile could not be read. Please try again.",
} as const;

/**
 * A US phone number as people write it: ten digits (area code and number, neither starting with
 * 0 or 1), optionally after +1 or 1, the area code optionally in parentheses, groups separated by
 * a space, a dash or a dot: "(404) 555-0123", "404-555-0123", "404.555.0123", "4045550123",
 * "+1 404 555 0123".
 */
export const US_PHONE = /^(?:\+?1[ .-]?)?(?:\([2-9]\d{2}\)|[2-9]\d{2})[ .-]?[2-9]\d{2}[ .-]?\d{4}$/;

/** Line breaks as one character each, as the customer counts them (browsers send CRLF from a textarea). */
const normaliseLineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

/** Conform sends an empty field as undefined; spaces alone are empty too. */
const emptyAsMissing = z.transform((value: string) => (value === "" ? undefined : value));

const optionalText = (max: number, tooLong: string, allowed: (value: string) => boolean, invalid: string) =>
  z.optional(
    z.pipe(
      z.string().check(
        z.overwrite((value) => normaliseLineBreaks(value).trim()),
        z.maxLength(max, tooLong),
        z.refine(allowed, invalid),
      ),
      emptyAsMissing,
    ),
  );

/** The fields of the profile form. The avatar, a file, is checked by its bytes on the server. */
export const profileSchema = z.object({
  fullName: z
    .string({ error: PROFILE_MESSAGES.fullNameRequired })
    .check(
      z.trim(),
      z.minLength(1, PROFILE_MESSAGES.fullNameRequired),
      z.maxLength(PROFILE_LIMITS.fullName, PROFILE_MESSAGES.fullNameTooLong),
      z.refine(noControlCharacters, PROFILE_MESSAGES.fullNameInvalid),
    ),
  phone: z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.maxLength(PROFILE_LIMITS.phone, PROFILE_MESSAGES.phoneTooLong),
        z.refine((value) => value === "" || US_PHONE.test(value), PROFILE_MESSAGES.phoneInvalid),
      ),
      emptyAsMissing,
    ),
  ),
  address: optionalText(PROFILE_LIMITS.address, PROFILE_MESSAGES.addressTooLong, noControlCharacters, PROFILE_MESSAGES.addressInvalid),
  bio: optionalText(PROFILE_LIMITS.bio, PROFILE_MESSAGES.bioTooLong, noControlCharactersButNewlines, PROFILE_MESSAGES.bioInvalid),
  /**
   * In the browser, the chosen file as the browser describes it (its size and declared type); the
   * server reads files apart from the fields and checks their bytes.
   */
  avatar: z.optional(
    z
      .custom<File>((value) => typeof File !== "undefined" && value instanceof File, { error: PROFILE_MESSAGES.avatarNotAnImage })
      .check(
        z.refine((file) => file.size <= MAX_AVATAR_BYTES, PROFILE_MESSAGES.avatarTooLarge),
        z.refine((file) => (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type), PROFILE_MESSAGES.avatarNotAnImage),
      ),
  ),
});

/** The saved profile as the form shows it: "" for what was never filled in. */
export interface ProfileView {
  fullName: string;
  phone: string;
  address: string;
  bio: string;
  avatarUrl: string | null;
}

/** The folder of the avatars bucket a customer may write in (the storage policies allow only this one). */
export function avatarFolder(userId: string): string {
  return `${userId}/`;
}

/** A new avatar's path, named by a random id: every save gets its own file, so a long cache never shows an old picture. */
export function avatarPath(userId: string, fileId: string): string {
  return `${avatarFolder(userId)}avatar-${fileId}.webp`;
}

/**
 * The path in the avatars bucket that a public URL points at, when it is a file directly in this
 * customer's folder (what may be shown as their avatar, and removed when replaced); else null.
 * `publicPrefix` is the bucket's public URL with a trailing slash.
 */
export function ownAvatarPath(url: unknown, publicPrefix: string, userId: string): string | null {
  if (typeof url !== "string" || !url.startsWith(publicPrefix)) return null;
  const path = url.slice(publicPrefix.length);
  const folder = avatarFolder(userId);
  const name = path.slice(folder.length);
  if (!path.startsWith(folder) || !/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith(".")) return null;
  return path;
}

/**
 * The review step's offer to keep, on a signed-in customer's profile, the phone and new address the
 * booking used, so the next booking and the profile start with them. Ticked for them; only offered
 * when the profile holds something else.
 */
export const KEEP_DETAILS = {
  field: "keepDetails",
  label: "Save this phone number and my new address to my profile",
  hint: (phone: string, address: string) => `${phone} · ${address}`,
} as const;

/** What the review offers to keep (the booking's phone and where the customer moves to), or null when the profile already holds both. */
export function detailsToKeep(
  booking: { phone?: string; toAddress?: string },
  profile: { phone: string | null; address: string | null },
): { phone: string; address: string } | null {
  const phone = booking.phone?.trim() ?? "";
  const address = booking.toAddress?.trim() ?? "";
  if (!phone || !address) return null;
  if (phone === (profile.phone ?? "").trim() && address === (profile.address ?? "").trim()) return null;
  if (phone.length > PROFILE_LIMITS.phone || address.length > PROFILE_LIMITS.address) return null;
  return { phone, address };
}
