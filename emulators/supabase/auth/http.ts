import { AuthError } from "./errors.ts";

/** The API version auth-js sends; answers in its error shape carry it back in the same header. */
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024_01_01 = "2024-01-01";

/** True when the request asked for the 2024-01-01 (or a later) error shape, as auth-js always does. */
export function wantsVersionedErrors(request: Request): boolean {
  const requested = request.headers.get(API_VERSION_HEADER)?.trim() ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024_01_01;
}

export function jsonResponse(request: Request, status: number, body: unknown): Response {
  return withVersionHeader(request, Response.json(body, { status }));
}

export function emptyResponse(request: Request, status: number): Response {
  return withVersionHeader(request, new Response(null, { status }));
}

/** {code, message} for versioned clients, else GoTrue's legacy {code: status, error_code, msg}. */
export function errorResponse(request: Request, error: AuthError): Response {
  const body = wantsVersionedErrors(request)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return jsonResponse(request, error.status, body);
}

function withVersionHeader(request: Request, response: Response): Response {
  if (wantsVersionedErrors(request)) response.headers.set(API_VERSION_HEADER, API_VERSION_2024_01_01);
  return response;
}

/** A JSON request body as GoTrue decodes it into a params struct: an object (null counts as empty),
 *  anything else is 400 bad_json with Go's decoder wording. */
export class JsonBody {
  private constructor(
    private readonly fields: Record<string, unknown>,
    private readonly structName: string,
  ) {}

  static async read(request: Request, structName: string): Promise<JsonBody> {
    const text = await request.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badJson(text.trim() === "" ? "unexpected end of JSON input" : "invalid character in JSON input");
    }
    if (parsed === null) return new JsonBody({}, structName);
    if (typeof parsed !== "object" || Array.isArray(parsed)) {
      throw badJson(`json: cannot unmarshal ${goKind(parsed)} into Go value of type api.${structName}`);
    }
    return new JsonBody(parsed as Record<string, unknown>, structName);
  }

  /** A string field; absent or null reads as "" like Go's zero value. */
  string(name: string): string {
    const value = this.fields[name];
    if (value === undefined || value === null) return "";
    if (typeof value !== "string") throw this.wrongType(name, value, "string");
    return value;
  }

  /** A string field that distinguishes "absent" (undefined) from "". */
  optionalString(name: string): string | undefined {
    const value = this.fields[name];
    return value === undefined || value === null ? undefined : this.string(name);
  }

  boolean(name: string): boolean {
    const value = this.fields[name];
    if (value === undefined || value === null) return false;
    if (typeof value !== "boolean") throw this.wrongType(name, value, "bool");
    return value;
  }

  /** An object field (map[string]interface{}); absent or null is undefined. */
  object(name: string): Record<string, unknown> | undefined {
    const value = this.fields[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "object" || Array.isArray(value)) throw this.wrongType(name, value, "map[string]interface {}");
    return value as Record<string, unknown>;
  }

  private wrongType(name: string, value: unknown, goType: string): AuthError {
    return badJson(`json: cannot unmarshal ${goKind(value)} into Go struct field ${this.structName}.${name} of type ${goType}`);
  }
}

function badJson(detail: string): AuthError {
  return new AuthError(400, "bad_json", `Could not parse request body as JSON: ${detail}`);
}

function goKind(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "object" && value !== null) return "object";
  if (typeof value === "boolean") return "bool";
  return typeof value;
}
