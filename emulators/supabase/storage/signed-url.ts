import type { RequestContext } from "../database.ts";
import { signJwt, verifyJwt } from "../jwt.ts";
import type { StorageContext } from "./context.ts";
import { storageErrors } from "./errors.ts";
import { findObject, findObjectNames, type ObjectRow } from "./object-rows.ts";

// A signed URL's token is a JWT whose "url" claim is "<bucket>/<key>", signed with the project's JWT
// secret, as supabase/storage issues it. Signing needs SELECT on the object; using the URL needs nothing.

async function signedUrlOf(bucketId: string, key: string, expiresInSeconds: number, secret: string): Promise<string> {
  const url = `${bucketId}/${key}`;
  const iat = Math.floor(Date.now() / 1000);
  const token = await signJwt({ url, iat, exp: iat + expiresInSeconds }, secret);
  return `/object/sign/${url}?token=${token}`;
}

/** POST /object/sign/{bucket}/{key} */
export async function createSignedUrl(
  service: StorageContext,
  caller: RequestContext,
  bucketId: string,
  key: string,
  expiresInSeconds: number,
): Promise<{ signedURL: string }> {
  const visible = await service.db.asRequest(caller, (tx) => findObjectNames(tx, bucketId, [key]), { readOnly: true });
  if (!visible.has(key)) throw storageErrors.noSuchKey();
  return { signedURL: await signedUrlOf(bucketId, key, expiresInSeconds, service.config.jwtSecret) };
}

/** POST /object/sign/{bucket} with paths: one entry per path, an error for those the caller cannot see. */
export async function createSignedUrls(
  service: StorageContext,
  caller: RequestContext,
  bucketId: string,
  paths: string[],
  expiresInSeconds: number,
): Promise<Array<{ error: string | null; path: string; signedURL: string | null }>> {
  const visible = await service.db.asRequest(caller, (tx) => findObjectNames(tx, bucketId, paths), { readOnly: true });
  return Promise.all(
    paths.map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signedUrlOf(bucketId, path, expiresInSeconds, service.config.jwtSecret) }
        : { error: "Either the object does not exist or you do not have access to it", path, signedURL: null },
    ),
  );
}

/** GET /object/sign/{bucket}/{key}?token=…: the object the token was issued for, and when it expires. */
export async function findSignedObject(
  service: StorageContext,
  token: string | null,
  bucketId: string,
  key: string,
): Promise<{ row: ObjectRow; expires: Date }> {
  if (!token) throw storageErrors.badRequest("querystring must have required property 'token'");
  const verified = await verifyJwt(token, service.config.jwtSecret);
  if (!verified.ok) throw storageErrors.invalidJwt(verified.reason === "expired" ? "jwt expired" : "invalid signature");
  const { url, exp } = verified.payload as { url?: unknown; exp?: unknown };
  if (url !== `${bucketId}/${key}`) throw storageErrors.invalidSignature();
  const row = await findObject(service.db.pg, bucketId, key);
  if (!row) throw storageErrors.noSuchKey();
  return { row, expires: new Date((typeof exp === "number" ? exp : 0) * 1000) };
}
