import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createSupabaseEmulator, type SupabaseEmulator } from "../index.ts";

// With a data directory, objects are files under <dataDir>/storage/<bucket>/<key> and outlive the process.

const URL_BASE = "http://localhost:54321";
const BUCKET = "booking-images";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function serviceClient(emulator: SupabaseEmulator) {
  return createClient(emulator.url, emulator.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: emulator.fetch },
    realtime: { transport: WebSocket },
  });
}

describe("storage in a data directory", () => {
  let dataDir: string;
  let emulator: SupabaseEmulator;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "storage-data-"));
    emulator = await createSupabaseEmulator({ url: URL_BASE, dataDir });
  });
  afterAll(async () => {
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes uploads under <dataDir>/storage/<bucket>/<key>, deletes them with their row, and keeps them across restarts", async () => {
    const bucket = serviceClient(emulator).storage.from(BUCKET);
    expect((await bucket.upload("guest/kept.png", PNG, { contentType: "image/png" })).error).toBeNull();
    expect((await bucket.upload("guest/removed.png", PNG, { contentType: "image/png" })).error).toBeNull();

    const bucketFolder = join(dataDir, "storage", BUCKET);
    expect(new Uint8Array(readFileSync(join(bucketFolder, "guest", "kept.png")))).toEqual(PNG);
    expect(readdirSync(join(dataDir, "storage", ".staging"))).toEqual([]);

    expect((await bucket.remove(["guest/removed.png"])).data).toHaveLength(1);
    expect(existsSync(join(bucketFolder, "guest", "removed.png"))).toBe(false);

    await emulator.close();
    emulator = await createSupabaseEmulator({ url: URL_BASE, dataDir });
    const restarted = serviceClient(emulator).storage.from(BUCKET);
    const { data: publicUrl } = restarted.getPublicUrl("guest/kept.png");
    const response = await emulator.fetch(publicUrl.publicUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect((await restarted.list("guest")).data!.map((entry) => entry.name)).toEqual(["kept.png"]);
  });
});
