import { storageErrors } from "./errors.ts";

// Object keys become file paths under the data directory, so anything that could climb out of a bucket
// folder, or name something other than a plain relative path, is refused before it reaches the disk.

const MAX_KEY_BYTES = 1024;
const MAX_BUCKET_NAME_LENGTH = 63;
const BUCKET_NAME = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/;
// Control characters (NUL included) and the backslash, which Windows-minded clients treat as a separator.
// eslint-disable-next-line no-control-regex -- exactly the characters Supabase Storage refuses in object keys
const FORBIDDEN_KEY_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** Decodes one percent-encoded path component; malformed escapes are a client error. */
function decodePathComponent(raw: string, onError: () => Error): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw onError();
  }
}

export function parseBucketName(raw: string): string {
  const name = decodePathComponent(raw, () => storageErrors.invalidBucketName(raw));
  if (name.length > MAX_BUCKET_NAME_LENGTH || !BUCKET_NAME.test(name) || name === "." || name === "..") {
    throw storageErrors.invalidBucketName(name);
  }
  return name;
}

/** The object key of a URL path tail such as "user-id/photo%201.png": decoded, relative, without empty,
 *  "." or ".." segments, without control characters or backslashes, at most 1024 bytes. */
export function parseObjectKey(raw: string): string {
  const key = decodePathComponent(raw, () => storageErrors.invalidKey(raw));
  if (!isSafeObjectKey(key)) throw storageErrors.invalidKey(key);
  return key;
}

export function isSafeObjectKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES) return false;
  if (FORBIDDEN_KEY_CHARACTERS.test(key)) return false;
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}
