import { SIMPLE_EMAIL, noControlCharacters } from "./text";

/** A host name: labels of letters, digits and hyphens between dots (nothing a URL would read as a query or a list). */
const HOST_NAME = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

/** The app's email rule (text, @, text, dot, text; no control characters; at most 320 characters), with a host name after the @. */
function isLinkableEmail(value: string): boolean {
  return value.length <= 320 && SIMPLE_EMAIL.test(value) && noControlCharacters(value) && HOST_NAME.test(value.slice(value.lastIndexOf("@") + 1));
}

/**
 * A `mailto:` link to one address (RFC 6068): only for an address that passes the email rule, its
 * local part percent-encoded so nothing in it can add recipients, headers or a body; null otherwise.
 */
export function mailtoHref(address: string): string | null {
  if (!isLinkableEmail(address)) return null;
  const at = address.lastIndexOf("@");
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
