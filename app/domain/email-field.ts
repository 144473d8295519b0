import { z } from "zod/mini";
import { SIMPLE_EMAIL, noControlCharacters } from "./text";

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
