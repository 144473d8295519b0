import type { EmulatorConfig } from "../config.ts";

// GoTrue's check of a redirect_to (IsRedirectURLValid, GoTrue ≥ 2.190): back to the site when scheme,
// host and port match the site URL (any port on a loopback host, as RFC 8252 allows native apps);
// an IP address only when it is a loopback one; otherwise only what the allow list's patterns match.

const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOST = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0", "::"]);

/** The redirect a recovery link is sent to: the one asked for (else the Referer) when allowed, else the site URL. */
export function allowedRedirect(request: Request, config: EmulatorConfig): string {
  for (const candidate of [new URL(request.url).searchParams.get("redirect_to"), request.headers.get("referer")]) {
    if (candidate && isRedirectAllowed(candidate, config)) return candidate;
  }
  return config.url;
}

export function isRedirectAllowed(redirect: string, config: Pick<EmulatorConfig, "url" | "additionalRedirectUrls">): boolean {
  let site: URL;
  let target: URL;
  try {
    site = new URL(config.url);
    target = new URL(redirect);
  } catch {
    return false;
  }
  const host = bareHost(target.hostname);
  if (host === bareHost(site.hostname) && target.protocol === site.protocol && (target.port === site.port || isLoopbackName(host))) return true;

  const written = writtenHost(redirect);
  if (DECIMAL_HOST.test(written)) return false;
  if (isIpAddress(host)) {
    // The URL parser rewrites hosts such as 0x7f.1 or 2130706433 into an address: GoTrue refuses those.
    return written.toLowerCase() === host.toLowerCase() && isLoopbackAddress(host);
  }
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (isHttp && !REGULAR_HOST.test(host)) return false;
  const withoutFragment = redirect.split("#")[0]!;
  return config.additionalRedirectUrls.some((pattern) => globPattern(pattern).test(withoutFragment));
}

/** The host as written in the address, before the URL parser normalises it. */
function writtenHost(address: string): string {
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#]*)/.exec(address)?.[1] ?? "";
  const hostAndPort = authority.slice(authority.lastIndexOf("@") + 1);
  return bareHost(hostAndPort.startsWith("[") ? hostAndPort.slice(0, hostAndPort.indexOf("]") + 1) : hostAndPort.replace(/:\d*$/, ""));
}

function bareHost(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":");
}

function isLoopbackAddress(host: string): boolean {
  return /^127\./.test(host) || host === "::1" || /^::ffff:127\./i.test(host) || /^::ffff:7f/i.test(host);
}

function isLoopbackName(host: string): boolean {
  const lower = host.toLowerCase();
  return LOOPBACK_NAMES.has(lower) || lower.endsWith(".localhost");
}

/** A GoTrue allow-list pattern (gobwas/glob with "." and "/" as separators): `**` crosses them, `*` and `?` do not. */
function globPattern(pattern: string): RegExp {
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === "*" && pattern[index + 1] === "*") {
      source += ".*";
      index += 1;
    } else if (char === "*") source += "[^./]*";
    else if (char === "?") source += "[^./]";
    else if (char === "{") source += "(?:";
    else if (char === "}") source += ")";
    else if (char === "," && source.lastIndexOf("(?:") > source.lastIndexOf(")")) source += "|";
    else source += char.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
