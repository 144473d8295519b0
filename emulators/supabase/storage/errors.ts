// Errors in the shape supabase/storage renders them: HTTP 400 for every client error, the real status as a
// string in the body ({"statusCode":"404","code":"NoSuchKey","error":"not_found","message":"Object not found"}).

export class StorageError extends Error {
  constructor(
    /** The status the storage service means; the HTTP status is 400 unless this is 500. */
    readonly statusCode: number,
    readonly code: string,
    /** The legacy "error" field that older clients read. */
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = "StorageError";
  }

  toResponse(): Response {
    const body = { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
    return Response.json(body, {
      status: this.statusCode >= 500 ? 500 : 400,
      headers: this.statusCode === 404 ? { "cache-control": "no-store" } : undefined,
    });
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "not_found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "not_found", "Object not found"),
  accessDenied: (message: string) => new StorageError(403, "AccessDenied", "Unauthorized", message),
  alreadyExists: () => new StorageError(409, "ResourceAlreadyExists", "Duplicate", "The resource already exists"),
  bucketNotEmpty: () => new StorageError(409, "ResourceNotEmpty", "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  relatedResourceNotFound: () => new StorageError(404, "InvalidRequest", "InvalidRequest", "The related resource does not exist"),
  entityTooLarge: () => new StorageError(413, "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size"),
  invalidContentTypeHeader: () => new StorageError(415, "InvalidMimeType", "invalid_mime_type", "Invalid Content-Type header"),
  invalidMimeType: (mimeType: string) => new StorageError(415, "InvalidMimeType", "invalid_mime_type", `mime type ${mimeType} is not supported`),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: (name: string) => new StorageError(400, "InvalidBucketName", "Invalid Input", `Bucket name invalid: ${name}`),
  noContent: () => new StorageError(400, "InvalidRequest", "InvalidRequest", "No content provided"),
  /** A request body or query string that fails validation, worded like the service's schema validator. */
  badRequest: (message: string) => new StorageError(400, "InvalidRequest", "Bad Request", message),
  invalidJwt: (message: string) => new StorageError(400, "InvalidJWT", "InvalidJWT", message),
  invalidSignature: () => new StorageError(400, "InvalidSignature", "InvalidSignature", "The url do not match the signature"),
  resourceNotFound: () => new StorageError(404, "NoSuchKey", "Not found", "The resource was not found"),
  databaseError: (sqlState: string) => new StorageError(500, "DatabaseError", "DatabaseError", `database error, code: ${sqlState}`),
  internal: () => new StorageError(500, "InternalError", "Internal", "Internal server error"),
};

function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Maps a Postgres error the way the storage service does; anything else is passed through. */
export function fromDatabaseError(error: unknown): unknown {
  const sqlState = sqlStateOf(error);
  if (!sqlState) return error;
  const message = error instanceof Error ? error.message : "";
  switch (sqlState) {
    case "42501":
      return storageErrors.accessDenied(message.includes("row-level security") ? "new row violates row-level security policy" : message);
    case "23505":
      return storageErrors.alreadyExists();
    case "23503":
      return storageErrors.relatedResourceNotFound();
    case "22P02":
      return storageErrors.badRequest(message || "Invalid value format or type conversion failed");
    default:
      return storageErrors.databaseError(sqlState);
  }
}

/** The Fastify-style answer for a route the service does not have. */
export function routeNotFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return Response.json({ statusCode: "404", error: "Not Found", message: `Route ${request.method}:${path} not found` }, { status: 404 });
}
