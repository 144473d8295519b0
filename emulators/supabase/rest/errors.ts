/** PostgREST's error body and the HTTP status it answers each error with. */
export interface RestErrorBody {
  code: string;
  /** Text, or for PGRST201 the list of candidate relationships. */
  details: unknown;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(status: number, body: { code: string; message: string; details?: unknown; hint?: string | null }, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? null;
    this.hint = body.hint ?? null;
    this.headers = headers;
  }

  toBody(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: a query parameter PostgREST's parser rejects; message and details in its parser's words. */
export function queryParamError(message: string, details: string): RestError {
  return new RestError(400, { code: "PGRST100", message, details });
}

export function invalidBody(message = "Empty or invalid json"): RestError {
  return new RestError(400, { code: "PGRST102", message });
}

export function tableNotFound(schema: string, table: string, hint: string | null = null): RestError {
  return new RestError(404, {
    code: "PGRST205",
    message: `Could not find the table '${schema}.${table}' in the schema cache`,
    hint,
  });
}

/** An unknown column in a write payload, `columns` or `on_conflict`. */
export function columnNotInSchemaCache(table: string, column: string): RestError {
  return new RestError(400, {
    code: "PGRST204",
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  });
}

export function notEmbedded(resource: string): RestError {
  return new RestError(400, {
    code: "PGRST108",
    message: `'${resource}' is not an embedded resource in this request`,
    hint: `Verify that '${resource}' is included in the 'select' query parameter.`,
  });
}

/** PGRST127: a combination PostgREST itself does not implement (aggregates in a to-many spread). */
export function notImplemented(details: string): RestError {
  return new RestError(400, { code: "PGRST127", message: "Feature not implemented", details });
}

export function singularityError(rows: number): RestError {
  return new RestError(406, {
    code: "PGRST116",
    message: "Cannot coerce the result to a single JSON object",
    details: `The result contains ${rows} rows`,
  });
}

/** Prefer: max-affected=N with handling=strict, and more rows affected: nothing is changed. */
export function maxAffectedViolation(rows: number): RestError {
  return new RestError(400, {
    code: "PGRST124",
    message: "Query result exceeds max-affected preference constraint",
    details: `The query affects ${rows} rows`,
  });
}

/** max-affected with handling=strict on a function that returns one value rather than a set. */
export function maxAffectedOnSingleResult(): RestError {
  return new RestError(400, {
    code: "PGRST128",
    message: "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
  });
}

export function unacceptableMediaType(accept: string): RestError {
  return new RestError(406, {
    code: "PGRST107",
    message: `None of these media types are available: ${accept}`,
  });
}

export function invalidSchema(schema: string, exposed: string[]): RestError {
  return new RestError(406, {
    code: "PGRST106",
    message: `Invalid schema: ${schema}`,
    hint: `Only the following schemas are exposed: ${exposed.join(", ")}`,
  });
}

export function negativeLimit(): RestError {
  return new RestError(416, {
    code: "PGRST103",
    message: "Requested range not satisfiable",
    details: "Limit should be greater than or equal to zero.",
  });
}

export function offsetOutOfBounds(offset: number, total: number): RestError {
  return new RestError(416, {
    code: "PGRST103",
    message: "Requested range not satisfiable",
    details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
  });
}

export function jwtError(reason: "expired" | "invalid"): RestError {
  const [code, message] = reason === "expired" ? ["PGRST303", "JWT expired"] : ["PGRST301", "JWT cryptographic operation failed"];
  return new RestError(401, { code, message }, { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"` });
}

/** What a Postgres error looks like coming out of PGlite (its DatabaseError carries these fields). */
interface PostgresErrorFields {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPostgresError(error: unknown): error is PostgresErrorFields {
  if (!(error instanceof Error) || !("code" in error)) return false;
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code);
}

/** PostgREST's SQLSTATE -> HTTP mapping (Error.hs, mapSQLtoHTTP). `authenticated` is false for the anon role. */
export function httpStatusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case "23503":
    case "23505":
      return 409;
    case "25006":
      return 405;
    case "21000":
      return message.endsWith("requires a WHERE clause") ? 400 : 500;
    case "22023":
      return message.startsWith("role") && message.endsWith("does not exist") ? 401 : 400;
    case "42883":
      return 404;
    case "42P01":
      return 404;
    case "42P17":
      return 500;
    case "42501":
      return authenticated ? 403 : 401;
    case "53400":
      return 500;
    case "57P01":
      return 503;
    case "P0001":
      return 400;
  }
  const byClass: Record<string, number> = {
    "08": 503,
    "09": 500,
    "0L": 403,
    "0P": 403,
    "25": 500,
    "28": 403,
    "2D": 500,
    "38": 500,
    "39": 500,
    "3B": 500,
    "40": 500,
    "53": 503,
    "54": 500,
    "55": 500,
    "57": 500,
    "58": 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  const classStatus = byClass[code.slice(0, 2)];
  if (classStatus !== undefined) return classStatus;
  if (code.startsWith("PT")) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

export function fromPostgresError(error: PostgresErrorFields, authenticated: boolean): RestError {
  if (error.code === "PGRST") return fromRaisedResponse(error);
  const status = httpStatusForSqlState(error.code, error.message, authenticated);
  return new RestError(
    status,
    { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
    status === 401 ? { "WWW-Authenticate": "Bearer" } : {},
  );
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{"code","message","details","hint"}', detail = '{"status","headers"}'`:
 *  PostgREST's way for SQL to choose the whole error response. */
function fromRaisedResponse(error: PostgresErrorFields): RestError {
  const parse = (text: string | undefined): unknown => {
    try {
      return text === undefined ? undefined : JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  const message = parse(error.message);
  const detail = parse(error.detail);
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  if (!isRecord(message) || typeof message.code !== "string" || typeof message.message !== "string") {
    return raiseParseError(
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  if (!isRecord(detail) || typeof detail.status !== "number" || !isRecord(detail.headers)) {
    return raiseParseError(
      error.detail === undefined ? "DETAIL is missing in the RAISE statement" : `Invalid JSON value for DETAIL: '${error.detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  const headers = Object.fromEntries(Object.entries(detail.headers).map(([name, value]) => [name, String(value)]));
  return new RestError(detail.status, { code: message.code, message: message.message, details: text(message.details), hint: text(message.hint) }, headers);
}

function raiseParseError(details: string, hint: string): RestError {
  return new RestError(500, { code: "PGRST121", message: "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error", details, hint });
}
