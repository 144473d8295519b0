/**
 * Only same-site absolute paths are followed after sign-in; anything else (other hosts,
 * protocol-relative "//x", backslash tricks, control characters) falls back to the default.
 */
export function safeRedirectPath(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 2000) return fallback;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\\]/.test(candidate)) return fallback;
  // The URL parser is the final judge: the path must stay on our origin.
  const base = "http://same.invalid";
  const url = new URL(candidate, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
