import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rmdir, unlink } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { isSafeObjectKey } from "./object-key.ts";
import { storageErrors } from "./errors.ts";

/** Object contents; backed by a plain ArrayBuffer so it can be a Response body as it is. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A file written aside and not yet visible; `publish` moves it to its key in one step. */
export interface StagedFile {
  publish(bucketId: string, key: string): Promise<void>;
  discard(): Promise<void>;
}

/** Object contents by bucket and key: on disk under `<root>/<bucket>/<key>`, or in memory. */
export interface FileStore {
  stage(bytes: Bytes): Promise<StagedFile>;
  read(bucketId: string, key: string): Promise<Bytes | undefined>;
  remove(bucketId: string, key: string): Promise<void>;
}

export function createFileStore(root: string | undefined): FileStore {
  return root ? diskFileStore(resolve(root)) : memoryFileStore();
}

function memoryFileStore(): FileStore {
  const files = new Map<string, Bytes>();
  const id = (bucketId: string, key: string) => `${bucketId}/${key}`;
  return {
    async stage(bytes) {
      return {
        async publish(bucketId, key) {
          files.set(id(bucketId, key), bytes);
        },
        async discard() {},
      };
    },
    async read(bucketId, key) {
      return files.get(id(bucketId, key));
    },
    async remove(bucketId, key) {
      files.delete(id(bucketId, key));
    },
  };
}

function diskFileStore(root: string): FileStore {
  // Staged files live beside the buckets so the final rename never crosses a file system.
  const stagingDirectory = join(root, ".staging");

  function pathOf(bucketId: string, key: string): string {
    // Keys and bucket names are validated by the router; this re-checks the one thing that matters here.
    if (!isSafeObjectKey(`${bucketId}/${key}`)) throw storageErrors.invalidKey(key);
    const path = resolve(root, bucketId, ...key.split("/"));
    const inside = relative(root, path);
    if (inside.startsWith("..") || inside.startsWith(sep) || inside === "" || inside.startsWith(".staging")) {
      throw storageErrors.invalidKey(key);
    }
    return path;
  }

  return {
    async stage(bytes) {
      await mkdir(stagingDirectory, { recursive: true });
      const stagedPath = join(stagingDirectory, randomUUID());
      const handle = await open(stagedPath, "wx", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return {
        async publish(bucketId, key) {
          const target = pathOf(bucketId, key);
          try {
            await mkdir(dirname(target), { recursive: true });
            await rename(stagedPath, target);
          } catch (error) {
            // "a/b" cannot be stored when "a" is already a file, nor "a" when "a/" holds files.
            if (isErrno(error, "ENOTDIR", "EISDIR", "EEXIST")) throw storageErrors.invalidKey(key);
            throw error;
          }
        },
        async discard() {
          await unlink(stagedPath).catch(() => undefined);
        },
      };
    },
    async read(bucketId, key) {
      try {
        return new Uint8Array(await readFile(pathOf(bucketId, key)));
      } catch (error) {
        if (isErrno(error, "ENOENT", "ENOTDIR", "EISDIR")) return undefined;
        throw error;
      }
    },
    async remove(bucketId, key) {
      const path = pathOf(bucketId, key);
      await unlink(path).catch((error: unknown) => {
        if (!isErrno(error, "ENOENT", "ENOTDIR", "EISDIR")) throw error;
      });
      await removeEmptyFolders(dirname(path), join(root, bucketId));
    },
  };
}

/** Removes now-empty folders from `folder` up to, not including, `stopAt`. */
async function removeEmptyFolders(folder: string, stopAt: string): Promise<void> {
  let current = folder;
  while (current.startsWith(`${stopAt}${sep}`)) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
    current = dirname(current);
  }
}

function isErrno(error: unknown, ...codes: string[]): boolean {
  return typeof error === "object" && error !== null && codes.includes((error as { code?: string }).code ?? "");
}
