import { describe, expect, it } from "vitest";
import { MAX_AVATAR_BYTES, PROFILE_MESSAGES, US_PHONE, avatarPath, ownAvatarPath, profileSchema } from "./profile";

const valid = { fullName: "Casey Customer" };

function errorsOf(input: Record<string, unknown>) {
  const result = profileSchema.safeParse(input);
  if (result.success) return {};
  // The first message of each field, as the form shows it.
  return Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join("."), issue.message]));
}

describe("the profile's phone format", () => {
  it("accepts the common ways of writing a US number", () => {
    for (const phone of [
      "(404) 555-0123",
      "404-555-0123",
      "404.555.0123",
      "4045550123",
      "+1 404 555 0123",
      "1-404-555-0123",
      "+14045550123",
      "(404)555-0123",
    ]) {
      expect(US_PHONE.test(phone), phone).toBe(true);
    }
  });

  it("refuses what is not a US number", () => {
    for (const phone of [
      "555-0123",
      "404-555-012",
      "404-555-01234",
      "+44 20 7946 0958",
      "(404 555-0123",
      "call me",
      "104-555-0123",
      "404-055-0123",
      "404--555-0123",
    ]) {
      expect(US_PHONE.test(phone), phone).toBe(false);
    }
  });
});

describe("profileSchema", () => {
  it("takes a full profile, trimmed, and leaves empty fields out", () => {
    const result = profileSchema.parse({ fullName: "  Casey Customer ", phone: " (404) 555-0123 ", address: "12 Oak St", bio: "Line one\r\nLine two" });
    expect(result).toEqual({ fullName: "Casey Customer", phone: "(404) 555-0123", address: "12 Oak St", bio: "Line one\nLine two" });
    expect(profileSchema.parse({ ...valid, phone: "   ", address: " ", bio: "\r\n" })).toEqual({ fullName: "Casey Customer" });
  });

  it("needs a name, within 200 characters", () => {
    expect(errorsOf({})).toEqual({ fullName: PROFILE_MESSAGES.fullNameRequired });
    expect(errorsOf({ fullName: "   " })).toEqual({ fullName: PROFILE_MESSAGES.fullNameRequired });
    expect(errorsOf({ fullName: "a".repeat(200) })).toEqual({});
    expect(errorsOf({ fullName: "a".repeat(201) })).toEqual({ fullName: PROFILE_MESSAGES.fullNameTooLong });
    expect(errorsOf({ fullName: "Casey\u0000" })).toEqual({ fullName: PROFILE_MESSAGES.fullNameInvalid });
  });

  it("holds each field to the length the database allows", () => {
    expect(errorsOf({ ...valid, phone: "4".repeat(41) })).toEqual({ phone: PROFILE_MESSAGES.phoneTooLong });
    expect(errorsOf({ ...valid, phone: "555-0123" })).toEqual({ phone: PROFILE_MESSAGES.phoneInvalid });
    expect(errorsOf({ ...valid, address: "a".repeat(500) })).toEqual({});
    expect(errorsOf({ ...valid, address: "a".repeat(501) })).toEqual({ address: PROFILE_MESSAGES.addressTooLong });
    expect(errorsOf({ ...valid, bio: "a".repeat(2000) })).toEqual({});
    expect(errorsOf({ ...valid, bio: "a".repeat(2001) })).toEqual({ bio: PROFILE_MESSAGES.bioTooLong });
    // A textarea's CRLF counts as one character, as the customer sees it.
    expect(errorsOf({ ...valid, bio: "a\r\n".repeat(1000) })).toEqual({});
  });

  it("keeps line breaks in the bio, not in the address", () => {
    expect(errorsOf({ ...valid, bio: "One\nTwo" })).toEqual({});
    expect(errorsOf({ ...valid, address: "One\nTwo" })).toEqual({ address: PROFILE_MESSAGES.addressInvalid });
  });

  it("checks a chosen avatar's size and declared type (the server checks its bytes)", () => {
    expect(errorsOf({ ...valid, avatar: new File([new Uint8Array(10)], "me.png", { type: "image/png" }) })).toEqual({});
    expect(errorsOf({ ...valid, avatar: new File([new Uint8Array(10)], "me.gif", { type: "image/gif" }) })).toEqual({
      avatar: PROFILE_MESSAGES.avatarNotAnImage,
    });
    expect(errorsOf({ ...valid, avatar: new File([new Uint8Array(MAX_AVATAR_BYTES + 1)], "me.jpg", { type: "image/jpeg" }) })).toEqual({
      avatar: PROFILE_MESSAGES.avatarTooLarge,
    });
    expect(errorsOf({ ...valid, avatar: "not a file" })).toEqual({ avatar: PROFILE_MESSAGES.avatarNotAnImage });
  });
});

describe("avatar paths", () => {
  const prefix = "https://project.supabase.co/storage/v1/object/public/avatars/";
  const userId = "0b6f7a52-8f0e-4b8a-9a38-111111111111";

  it("names each new avatar by its id in the customer's folder", () => {
    expect(avatarPath(userId, "5d0f0a8e-7c1b-4c9e-9a55-2b9f3f1d0c11")).toBe(`${userId}/avatar-5d0f0a8e-7c1b-4c9e-9a55-2b9f3f1d0c11.webp`);
  });

  it("finds the customer's own avatar file behind its public URL, and nothing else", () => {
    expect(ownAvatarPath(`${prefix}${userId}/avatar-1.webp`, prefix, userId)).toBe(`${userId}/avatar-1.webp`);
    expect(ownAvatarPath(`${prefix}someone-else/avatar-1.webp`, prefix, userId)).toBeNull();
    expect(ownAvatarPath(`${prefix}${userId}/nested/avatar-1.webp`, prefix, userId)).toBeNull();
    expect(ownAvatarPath(`${prefix}${userId}/../other/avatar-1.webp`, prefix, userId)).toBeNull();
    expect(ownAvatarPath(`${prefix}${userId}/`, prefix, userId)).toBeNull();
    expect(ownAvatarPath(`${prefix}${userId}/avatar-1.webp?x=1`, prefix, userId)).toBeNull();
    expect(ownAvatarPath(`https://tracker.example/${userId}/avatar-1.webp`, prefix, userId)).toBeNull();
    expect(ownAvatarPath(null, prefix, userId)).toBeNull();
    expect(ownAvatarPath(42, prefix, userId)).toBeNull();
  });
});
