import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StorageError } from "./errors.ts";
import { createFileStore, type FileStore } from "./file-store.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("file store on disk", () => {
  let root: string;
  let store: FileStore;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "storage-files-"));
    store = createFileStore(root);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("keeps a file invisible until it is published, then at <root>/<bucket>/<key>", async () => {
    const staged = await store.stage(bytes("hello"));
    expect(await store.read("avatars", "u1/a.png")).toBeUndefined();

    await staged.publish("avatars", "u1/a.png");
    expect(readFileSync(join(root, "avatars", "u1", "a.png"), "utf8")).toBe("hello");
    expect(new TextDecoder().decode(await store.read("avatars", "u1/a.png"))).toBe("hello");
    expect(readdirSync(join(root, ".staging"))).toEqual([]);
  });

  it("replaces a published file in one step", async () => {
    await (await store.stage(bytes("old"))).publish("avatars", "u1/a.png");
    await (await store.stage(bytes("new"))).publish("avatars", "u1/a.png");
    expect(readFileSync(join(root, "avatars", "u1", "a.png"), "utf8")).toBe("new");
  });

  it("leaves nothing behind when a staged file is discarded", async () => {
    const staged = await store.stage(bytes("draft"));
    await staged.discard();
    expect(readdirSync(join(root, ".staging"))).toEqual([]);
  });

  it("removes a file and the folders it leaves empty, but not the bucket folder", async () => {
    await (await store.stage(bytes("x"))).publish("avatars", "u1/deep/a.png");
    await (await store.stage(bytes("y"))).publish("avatars", "u2/b.png");
    await store.remove("avatars", "u1/deep/a.png");
    expect(existsSync(join(root, "avatars", "u1"))).toBe(false);
    expect(existsSync(join(root, "avatars", "u2", "b.png"))).toBe(true);
    await store.remove("avatars", "u2/b.png");
    expect(existsSync(join(root, "avatars"))).toBe(true);
    await expect(store.remove("avatars", "u2/b.png")).resolves.toBeUndefined();
  });

  it.each(["../escape.png", "u1/../../escape.png", "/etc/passwd", "u1\\..\\x", "u1//x", "a\u0000b"])("refuses the key %j", async (key) => {
    const staged = await store.stage(bytes("x"));
    await expect(staged.publish("avatars", key)).rejects.toBeInstanceOf(StorageError);
    await expect(store.read("avatars", key)).rejects.toBeInstanceOf(StorageError);
    expect(existsSync(join(root, "escape.png"))).toBe(false);
    expect(existsSync(join(root, "..", "escape.png"))).toBe(false);
  });

  it("refuses a key whose folder is already a file, instead of failing", async () => {
    await (await store.stage(bytes("file"))).publish("avatars", "u1/a");
    const staged = await store.stage(bytes("x"));
    await expect(staged.publish("avatars", "u1/a/b.png")).rejects.toMatchObject({ code: "InvalidKey" });
  });
});

describe("file store in memory", () => {
  it("publishes, reads and removes by bucket and key", async () => {
    const store = createFileStore(undefined);
    const staged = await store.stage(bytes("hello"));
    expect(await store.read("avatars", "u1/a.png")).toBeUndefined();
    await staged.publish("avatars", "u1/a.png");
    expect(new TextDecoder().decode(await store.read("avatars", "u1/a.png"))).toBe("hello");
    await store.remove("avatars", "u1/a.png");
    expect(await store.read("avatars", "u1/a.png")).toBeUndefined();
  });
});
