/**
 * Only same-site absolute paths are followed after sign-in; anything else (other hosts,
 * protocol-relative "//x", backslash tricks, control characters) falls back to the default.
 * The check runs on the path as the URL parser normalises it too ("/.//x" and "/%2e%2e//x" become
 * "//x"), since that normalised path is what goes into the Location header.
 */
export function safeRedirectPath(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 2000) return fallback;
  if (!isPlainPath(candidate)) return fallback;
  const base = "http://same.invalid";
  const url = new URL(candidate, base);
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === base && isPlainPath(normalised) ? normalised : fallback;
}

function isPlainPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && !/[\p{Cc}\\]/u.test(path);
}
