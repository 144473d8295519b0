import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// Storage contract tests through the real supabase-js client, against the project's own buckets and
// policies (supabase/migrations): "booking-images" is public, 10 MiB, images only, and a signed-in user
// writes only under "<their user id>/".

const BUCKET = "booking-images";
const PASSWORD = "Correct-Horse-9";
const PNG: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4];

interface SignedInUser {
  id: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;
let alice: SignedInUser;
let bob: SignedInUser;

async function signedInUser(label: string): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  await backend.adminCreateUser(email, PASSWORD, { full_name: label });
  const { data, error } = await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id: data.user.id, client: backend.createClient({ accessToken: data.session.access_token }) };
}

/** A few bytes that start like a PNG file. */
function png(...extra: number[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...PNG, ...extra]);
}

async function fetchUrl(url: string, init?: RequestInit): Promise<Response> {
  return backend.fetch(url, init);
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.createClient();
  service = backend.createClient({ key: "service_role" });
  [alice, bob] = await Promise.all([signedInUser("alice"), signedInUser("bob")]);
});

afterAll(async () => {
  if (!backend) return;
  for (const user of [alice, bob]) {
    if (!user) continue;
    const { data } = await service.storage.from(BUCKET).list(user.id, { limit: 1000 });
    const folders = (data ?? []).filter((entry) => entry.id === null).map((entry) => `${user.id}/${entry.name}`);
    const nested = await Promise.all(
      folders.map(async (folder) => (await service.storage.from(BUCKET).list(folder)).data?.map((e) => `${folder}/${e.name}`) ?? []),
    );
    const files = (data ?? []).filter((entry) => entry.id !== null).map((entry) => `${user.id}/${entry.name}`);
    const paths = [...files, ...nested.flat()];
    if (paths.length > 0) await service.storage.from(BUCKET).remove(paths);
  }
  await backend.close();
});

describe("upload", () => {
  it("stores a raw body under the user's folder and answers its id and full path", async () => {
    const path = `${alice.id}/raw-${randomUUID()}.png`;
    const { data, error } = await alice.client.storage.from(BUCKET).upload(path, png(1), { contentType: "image/png" });
    expect(error).toBeNull();
    expect(data).toEqual({ path, id: expect.stringMatching(/^[0-9a-f-]{36}$/), fullPath: `${BUCKET}/${path}` });
  });

  it("stores a File sent as multipart/form-data, with its type and cache control", async () => {
    const path = `${alice.id}/form-${randomUUID()}.png`;
    const file = new File([png(2)], "photo.png", { type: "image/png" });
    const { error } = await alice.client.storage.from(BUCKET).upload(path, file, { cacheControl: "120" });
    expect(error).toBeNull();

    const response = await fetchUrl(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=120");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png(2));
  });

  it("refuses a second upload to the same path without upsert", async () => {
    const path = `${alice.id}/twice-${randomUUID()}.png`;
    const bucket = alice.client.storage.from(BUCKET);
    expect((await bucket.upload(path, png(1), { contentType: "image/png" })).error).toBeNull();

    const { data, error } = await bucket.upload(path, png(2), { contentType: "image/png" });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: "409", message: "The resource already exists" });
  });

  it("replaces the file with upsert and keeps the object's id", async () => {
    const path = `${alice.id}/upsert-${randomUUID()}.png`;
    const bucket = alice.client.storage.from(BUCKET);
    const first = await bucket.upload(path, png(1), { contentType: "image/png" });
    const second = await bucket.upload(path, png(9, 9), { contentType: "image/png", upsert: true });
    expect(second.error).toBeNull();
    expect(second.data?.id).toBe(first.data?.id);

    const { data } = await bucket.download(path);
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(png(9, 9));
  });

  it("replaces an existing file with update (PUT) and answers 404 for a missing one", async () => {
    const path = `${alice.id}/update-${randomUUID()}.png`;
    const bucket = alice.client.storage.from(BUCKET);
    await bucket.upload(path, png(1), { contentType: "image/png" });
    expect((await bucket.update(path, png(5), { contentType: "image/png" })).error).toBeNull();
    expect(new Uint8Array(await (await bucket.download(path)).data!.arrayBuffer())).toEqual(png(5));

    const missing = await bucket.update(`${alice.id}/missing-${randomUUID()}.png`, png(5), { contentType: "image/png" });
    expect(missing.error).toMatchObject({ statusCode: "404", message: "Object not found" });
  });

  it("forbids uploading into another user's folder", async () => {
    const path = `${bob.id}/intruder-${randomUUID()}.png`;
    const { error } = await alice.client.storage.from(BUCKET).upload(path, png(), { contentType: "image/png" });
    expect(error).toMatchObject({
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    expect((await service.storage.from(BUCKET).list(bob.id)).data).toEqual([]);
  });

  it("forbids uploads without a signed-in user", async () => {
    const { error } = await anon.storage.from(BUCKET).upload(`${alice.id}/anon.png`, png(), { contentType: "image/png" });
    expect(error).toMatchObject({ statusCode: "403", message: "new row violates row-level security policy" });
  });

  it("refuses a file over the bucket's 10 MiB limit", async () => {
    const tooLarge = new Uint8Array(10 * 1024 * 1024 + 1);
    const { error } = await alice.client.storage.from(BUCKET).upload(`${alice.id}/huge-${randomUUID()}.png`, tooLarge, { contentType: "image/png" });
    expect(error).toMatchObject({ statusCode: "413", message: "The object exceeded the maximum allowed size" });
  });

  it("refuses a type the bucket does not allow", async () => {
    const { error } = await alice.client.storage.from(BUCKET).upload(`${alice.id}/notes-${randomUUID()}.txt`, "plain text");
    expect(error).toMatchObject({
      statusCode: "415",
      message: "mime type text/plain;charset=UTF-8 is not supported",
    });
  });

  it("refuses a malformed type, sent raw or as a multipart file, and stores nothing", async () => {
    const raw = `${alice.id}/disguised-${randomUUID()}.png`;
    const { error } = await alice.client.storage.from(BUCKET).upload(raw, png(), { contentType: "image/png/svg+xml" });
    expect(error).toMatchObject({ statusCode: "415", message: "Invalid Content-Type header" });

    const multipart = `${alice.id}/disguised-${randomUUID()}.png`;
    const file = new File([png()], "disguised.png", { type: "image/png/svg+xml" });
    const asFile = await alice.client.storage.from(BUCKET).upload(multipart, file);
    expect(asFile.error).toMatchObject({ statusCode: "415", message: "mime type image/png/svg+xml is not supported" });

    const { data } = await alice.client.storage.from(BUCKET).list(alice.id, { search: "disguised" });
    expect(data).toEqual([]);
  });

  it("answers 404 Bucket not found for an unknown bucket", async () => {
    const { error } = await alice.client.storage.from("no-such-bucket").upload(`${alice.id}/x.png`, png(), { contentType: "image/png" });
    expect(error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });
});

describe("download", () => {
  let path: string;

  beforeAll(async () => {
    path = `${alice.id}/download-${randomUUID()}.png`;
    const { error } = await alice.client.storage.from(BUCKET).upload(path, png(7), { contentType: "image/png" });
    if (error) throw error;
  });

  it("serves the public URL to anyone with content type, caching headers and ETag", async () => {
    const response = await fetchUrl(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=3600");
    expect(response.headers.get("content-length")).toBe(String(png(7).byteLength));
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png(7));
  });

  it("answers 304 Not Modified when If-None-Match names the current ETag", async () => {
    const url = anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
    const etag = (await fetchUrl(url)).headers.get("etag")!;
    const response = await fetchUrl(url, { headers: { "if-none-match": etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
  });

  it("offers the file as an attachment when the public URL asks for a download", async () => {
    const url = anon.storage.from(BUCKET).getPublicUrl(path, { download: "my photo.png" }).data.publicUrl;
    const response = await fetchUrl(url);
    expect(response.headers.get("content-disposition")).toBe("attachment; filename=my%20photo.png; filename*=UTF-8''my%20photo.png;");
  });

  it("answers Object not found for a missing public file", async () => {
    const response = await fetchUrl(anon.storage.from(BUCKET).getPublicUrl(`${alice.id}/none.png`).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "404", message: "Object not found" });
  });

  it("lets the owner download through the authenticated endpoint", async () => {
    const { data, error } = await alice.client.storage.from(BUCKET).download(path);
    expect(error).toBeNull();
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(png(7));
  });

  it("hides another user's file from the authenticated endpoint", async () => {
    const { data, error } = await bob.client.storage.from(BUCKET).download(path);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: "404" });
  });

  it("describes the object through info()", async () => {
    const { data, error } = await alice.client.storage.from(BUCKET).info(path);
    expect(error).toBeNull();
    expect(data).toMatchObject({ name: path, bucketId: BUCKET, size: png(7).byteLength, contentType: "image/png" });
    expect((await bob.client.storage.from(BUCKET).exists(path)).data).toBe(false);
  });
});

describe("list", () => {
  let folder: string;

  beforeAll(async () => {
    folder = `${alice.id}/list-${randomUUID().slice(0, 8)}`;
    const bucket = alice.client.storage.from(BUCKET);
    for (const name of ["b.png", "a.png", "album/inner.png", "album/deeper/x.png"]) {
      const { error } = await bucket.upload(`${folder}/${name}`, png(), { contentType: "image/png" });
      if (error) throw error;
    }
  });

  it("lists one level: folders first with a null id, then files sorted by name", async () => {
    const { data, error } = await alice.client.storage.from(BUCKET).list(folder);
    expect(error).toBeNull();
    expect(data!.map((entry) => [entry.name, entry.id === null])).toEqual([
      ["album", true],
      ["a.png", false],
      ["b.png", false],
    ]);
    const file = data!.find((entry) => entry.name === "a.png")!;
    expect(file.metadata).toMatchObject({ mimetype: "image/png", size: PNG.length, cacheControl: "max-age=3600" });
    expect(file.created_at).toEqual(expect.any(String));
  });

  it("applies limit, offset, sort order and search", async () => {
    const bucket = alice.client.storage.from(BUCKET);
    const page = await bucket.list(folder, { limit: 1, offset: 1 });
    expect(page.data!.map((entry) => entry.name)).toEqual(["a.png"]);
    const descending = await bucket.list(folder, { sortBy: { column: "name", order: "desc" } });
    expect(descending.data!.map((entry) => entry.name)).toEqual(["album", "b.png", "a.png"]);
    const searched = await bucket.list(folder, { search: "b" });
    expect(searched.data!.map((entry) => entry.name)).toEqual(["b.png"]);
    const nested = await bucket.list(`${folder}/album`);
    expect(nested.data!.map((entry) => entry.name)).toEqual(["deeper", "inner.png"]);
  });

  it("shows nothing of another user's folder", async () => {
    const { data, error } = await bob.client.storage.from(BUCKET).list(folder);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe("remove", () => {
  it("deletes the user's own files and answers the deleted rows", async () => {
    const path = `${alice.id}/remove-${randomUUID()}.png`;
    await alice.client.storage.from(BUCKET).upload(path, png(), { contentType: "image/png" });

    const { data, error } = await alice.client.storage.from(BUCKET).remove([path]);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ name: path, bucket_id: BUCKET })]);

    const response = await fetchUrl(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(await response.json()).toMatchObject({ statusCode: "404" });
  });

  it("answers an empty list for missing paths", async () => {
    const { data, error } = await alice.client.storage.from(BUCKET).remove([`${alice.id}/never-${randomUUID()}.png`]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it("does not delete another user's file", async () => {
    const path = `${alice.id}/kept-${randomUUID()}.png`;
    await alice.client.storage.from(BUCKET).upload(path, png(), { contentType: "image/png" });

    const { data } = await bob.client.storage.from(BUCKET).remove([path]);
    expect(data).toEqual([]);
    expect((await fetchUrl(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(200);
  });
});

describe("signed URLs", () => {
  let path: string;

  beforeAll(async () => {
    path = `${alice.id}/signed-${randomUUID()}.png`;
    const { error } = await alice.client.storage.from(BUCKET).upload(path, png(3), { contentType: "image/png" });
    if (error) throw error;
  });

  it("signs a URL that serves the file to anyone until it expires", async () => {
    const { data, error } = await alice.client.storage.from(BUCKET).createSignedUrl(path, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain(`/storage/v1/object/sign/${BUCKET}/${path}?token=`);

    const response = await fetchUrl(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png(3));
  });

  it("rejects a token issued for another object or tampered with", async () => {
    const other = `${alice.id}/other-${randomUUID()}.png`;
    await alice.client.storage.from(BUCKET).upload(other, png(), { contentType: "image/png" });
    const { data } = await alice.client.storage.from(BUCKET).createSignedUrl(other, 60);
    const token = new URL(data!.signedUrl).searchParams.get("token")!;
    const base = `${backend.url}/storage/v1/object/sign/${BUCKET}/${path}`;

    const reused = await fetchUrl(`${base}?token=${token}`);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ statusCode: "400", message: "The url do not match the signature" });

    const tampered = await fetchUrl(`${base}?token=${token.slice(0, -4)}AAAA`);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: "400" });
  });

  it("does not sign a file the user cannot read", async () => {
    const { data, error } = await bob.client.storage.from(BUCKET).createSignedUrl(path, 60);
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: "404", message: "Object not found" });
  });

  it("signs several paths at once, with an error for the missing ones", async () => {
    const missing = `${alice.id}/missing.png`;
    const { data, error } = await alice.client.storage.from(BUCKET).createSignedUrls([path, missing], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ path, error: null, signedUrl: expect.stringContaining("token=") });
    expect(data![1]).toMatchObject({
      path: missing,
      error: "Either the object does not exist or you do not have access to it",
      signedUrl: null,
    });
  });
});

describe("buckets", () => {
  it("shows the project's buckets to the service role only", async () => {
    const { data } = await service.storage.listBuckets();
    expect(data!.map((bucket) => bucket.id)).toEqual(expect.arrayContaining(["avatars", "booking-images", "user-images"]));
    expect((await anon.storage.listBuckets()).data).toEqual([]);

    const { data: bucket } = await service.storage.getBucket("avatars");
    expect(bucket).toMatchObject({
      id: "avatars",
      public: true,
      file_size_limit: 5 * 1024 * 1024,
      allowed_mime_types: expect.arrayContaining(["image/png", "image/jpeg"]),
    });
    expect((await alice.client.storage.getBucket("avatars")).error).toMatchObject({ statusCode: "404" });
  });

  it("serves no public URL from a private bucket", async () => {
    const id = `private-${randomUUID().slice(0, 8)}`;
    expect((await service.storage.createBucket(id, { public: false })).error).toBeNull();
    try {
      const upload = await service.storage.from(id).upload("report.txt", "secret", { contentType: "text/plain" });
      expect(upload.error).toBeNull();

      const publicResponse = await fetchUrl(anon.storage.from(id).getPublicUrl("report.txt").data.publicUrl);
      expect(publicResponse.status).toBe(400);
      expect(await publicResponse.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });

      expect(await (await service.storage.from(id).download("report.txt")).data!.text()).toBe("secret");
      expect((await anon.storage.from(id).download("report.txt")).error).toMatchObject({ statusCode: "404" });
      expect((await service.storage.deleteBucket(id)).error).toMatchObject({ statusCode: "409" });
    } finally {
      await service.storage.emptyBucket(id);
      await service.storage.deleteBucket(id);
    }
  });

  it("lets only the service role create buckets", async () => {
    const { error } = await alice.client.storage.createBucket(`mine-${randomUUID().slice(0, 8)}`);
    expect(error).toMatchObject({ statusCode: "403", message: "new row violates row-level security policy" });
  });
});

// Keys are file paths on the emulator's disk; Supabase's own service stores them in S3 and accepts some
// of these names as plain keys, so these checks are the emulator's.
describe.skipIf(usingHostedBackend)("unsafe object keys", () => {
  const upload = (encodedKey: string) =>
    fetchUrl(`${backend.url}/storage/v1/object/${BUCKET}/${encodedKey}`, {
      method: "POST",
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, "content-type": "image/png" },
      body: png(),
    });

  it.each([
    // A bare "%2e%2e/" segment is resolved by the URL parser before it arrives; one with an encoded
    // slash is not.
    ["an encoded parent segment", "%2e%2e%2fescape.png"],
    ["a parent segment inside the key", `folder%2F..%2F..%2Fescape.png`],
    ["an absolute path", "%2Fetc%2Fpasswd"],
    ["a backslash", "folder%5C..%5Cescape.png"],
    ["a NUL byte", "folder%00/x.png"],
    ["an empty segment", "folder//x.png"],
    ["a malformed escape", "folder%E0%A4%A/x.png"],
  ])("refuses %s with 400 InvalidKey", async (_label, key) => {
    const response = await upload(key);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "400", code: "InvalidKey" });
  });

  it("stores nothing for a refused key", async () => {
    const rows = await backend.sql("select name from storage.objects where name like '%escape%' or name like '%passwd%'");
    expect(rows).toEqual([]);
  });
});

// With a data directory, objects are files under <dataDir>/storage/<bucket>/<key>. A second emulator,
// persisted in a temporary directory, shows it.
describe.skipIf(usingHostedBackend)("files in a data directory", () => {
  let dataDir: string;
  let persisted: TestBackend;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "storage-data-"));
    persisted = await startTestBackend({ dataDir });
  });
  afterAll(async () => {
    await persisted?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, body?: BodyInit, contentType = "image/png") =>
    persisted.fetch(`${persisted.url}/storage/v1${path}`, {
      method,
      headers: {
        apikey: persisted.serviceRoleKey,
        authorization: `Bearer ${persisted.serviceRoleKey}`,
        "content-type": contentType,
      },
      body,
    });
  const fileOf = (key: string) => join(dataDir, "storage", "booking-images", ...key.split("/"));

  it("writes an upload to <dataDir>/storage/<bucket>/<key> and deletes it with its row", async () => {
    const key = `guest-${randomUUID().slice(0, 8)}/photo.png`;
    expect((await call("POST", `/object/booking-images/${key}`, png(4))).status).toBe(200);

    expect(new Uint8Array(readFileSync(fileOf(key)))).toEqual(png(4));
    expect(readdirSync(join(dataDir, "storage", ".staging"))).toEqual([]);
    const served = await call("GET", `/object/public/booking-images/${key}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(4));

    const removed = await call("DELETE", "/object/booking-images", JSON.stringify({ prefixes: [key] }), "application/json");
    expect(await removed.json()).toHaveLength(1);
    expect(existsSync(fileOf(key))).toBe(false);
  });

  it("leaves the stored file untouched and nothing staged when the row is refused", async () => {
    const key = `guest-${randomUUID().slice(0, 8)}/photo.png`;
    await call("POST", `/object/booking-images/${key}`, png(1));
    const duplicate = await call("POST", `/object/booking-images/${key}`, png(2));
    expect(await duplicate.json()).toMatchObject({ statusCode: "409" });
    expect(new Uint8Array(readFileSync(fileOf(key)))).toEqual(png(1));
    expect(readdirSync(join(dataDir, "storage", ".staging"))).toEqual([]);
  });
});
