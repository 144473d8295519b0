import { z } from "zod/mini";
import { SIMPLE_EMAIL, noControlCharacters } from "./text";

// The text fields forms share: their rules, and the messages that are the same on every form.

export const TEXT_FIELD_MESSAGES = {
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  controlCharacters: "Please remove unusual characters",
} as const;

/** Text a form requires: trimmed, not empty (`required`), at most `max` characters, no control characters. */
export function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, TEXT_FIELD_MESSAGES.tooLong(max)),
      z.refine(noControlCharacters, TEXT_FIELD_MESSAGES.controlCharacters),
    );
}

/**
 * An email address as a form takes it: trimmed and lower-cased, at most 320 characters (the longest
 * an address may be), one @ with a dot after it, no control characters. Empty is `required`;
 * anything else wrong is `invalid`.
 */
export function emailField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(320, invalid),
      z.regex(SIMPLE_EMAIL, invalid),
      z.refine(noControlCharacters, invalid),
      z.toLowerCase(),
    );
}
