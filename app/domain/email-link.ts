import { z } from "zod";
import { SIMPLE_EMAIL, noControlCharacters } from "./text";

/** A host name: labels of letters, digits and hyphens between dots (nothing a URL would read as a query or a list). */
const HOST_NAME = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

/** The app's email rule (text, @, text, dot, text; no control characters; at most 320 characters), with a host name after the @. */
const linkableEmail = z
  .string()
  .max(320)
  .regex(SIMPLE_EMAIL)
  .refine(noControlCharacters)
  .refine((value) => HOST_NAME.test(value.slice(value.lastIndexOf("@") + 1)));

/**
 * A `mailto:` link to one address (RFC 6068): only for an address that passes the email rule, its
 * local part percent-encoded so nothing in it can add recipients, headers or a body; null otherwise.
 */
export function mailtoHref(address: string): string | null {
  const parsed = linkableEmail.safeParse(address);
  if (!parsed.success) return null;
  const at = parsed.data.lastIndexOf("@");
  return `mailto:${encodeURIComponent(parsed.data.slice(0, at))}@${encodeURIComponent(parsed.data.slice(at + 1))}`;
}
