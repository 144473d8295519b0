import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../testing.ts";

// With a data directory, objects are files under <dataDir>/storage/<bucket>/<key> and outlive the process.

const BUCKET = "booking-images";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.skipIf(usingHostedBackend)("storage in a data directory", () => {
  let dataDir: string;
  let backend: TestBackend;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "storage-data-"));
    backend = await startTestBackend({ dataDir });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes uploads under <dataDir>/storage/<bucket>/<key>, deletes them with their row, and keeps them across restarts", async () => {
    const bucket = backend.createClient({ key: "service_role" }).storage.from(BUCKET);
    expect((await bucket.upload("guest/kept.png", PNG, { contentType: "image/png" })).error).toBeNull();
    expect((await bucket.upload("guest/removed.png", PNG, { contentType: "image/png" })).error).toBeNull();

    const bucketFolder = join(dataDir, "storage", BUCKET);
    expect(new Uint8Array(readFileSync(join(bucketFolder, "guest", "kept.png")))).toEqual(PNG);
    expect(readdirSync(join(dataDir, "storage", ".staging"))).toEqual([]);

    expect((await bucket.remove(["guest/removed.png"])).data).toHaveLength(1);
    expect(existsSync(join(bucketFolder, "guest", "removed.png"))).toBe(false);

    await backend.close();
    backend = await startTestBackend({ dataDir });
    const restarted = backend.createClient({ key: "service_role" }).storage.from(BUCKET);
    const response = await backend.fetch(restarted.getPublicUrl("guest/kept.png").data.publicUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect((await restarted.list("guest")).data!.map((entry) => entry.name)).toEqual(["kept.png"]);
  });
});
