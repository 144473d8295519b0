import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pinoHttp } from "pino-http";
import type { Logger } from "./logger.ts";

/** Query parameters that carry secrets: API keys, signed-URL tokens, one-time codes, session tokens, booking claims. */
const SECRET_PARAMETERS = new Set(["apikey", "token", "token_hash", "access_token", "refresh_token", "code", "password", "session_id", "claim"]);

/** The URL as logged: each secret parameter's value replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      const rawName = separator === -1 ? pair : pair.slice(0, separator);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return SECRET_PARAMETERS.has(name.toLowerCase()) && separator !== -1 ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, queryStart)}?${params.join("&")}`;
}

/**
 * One JSON line per request: its id, method, URL with secrets redacted, status and time. Headers are
 * not logged (they hold cookies and bearer tokens). Client errors are routine (info); server errors are
 * errors. The request's own logger (`request.log`) writes the same id, method and URL on every line.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    // Unique across instances and restarts, so one request's lines are found together.
    genReqId: () => randomUUID(),
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : "info"),
    serializers: {
      req: (request: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.originalUrl ?? request.url ?? ""),
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  });
}
