import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { runOnceAcrossProjects } from "./support/projects.ts";
import { spawnServer, type SpawnedServer } from "./support/spawn-server.ts";

// A signed-in customer posts a multipart body of thousands of tiny fields to each upload form, as
// curl sends it (length declared, `Expect: 100-continue`, then 64 KB writes). Each is refused with a
// 4xx and the server keeps answering. A server of its own: if it stopped, no other test would suffer.

let server: SpawnedServer;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-many-fields-"));
  server = await spawnServer({ dataDir });
});

test.afterAll(() => {
  server?.process.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over node:http; a body is sent as curl does: after the server's 100 Continue, in 64 KB writes. */
function send(url: string, options: { method: string; headers: Record<string, string>; body?: Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { body } = options;
    const headers = body ? { ...options.headers, "Content-Length": String(body.length), Expect: "100-continue" } : options.headers;
    const outgoing = httpRequest(url, { method: options.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    if (!body) {
      outgoing.end();
      return;
    }
    outgoing.on("continue", () => {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) outgoing.write(body.subarray(offset, offset + 64 * 1024));
      outgoing.end();
    });
  });
}

/** A multipart body of `count` small text fields (about 65 bytes each), besides the form's intent. */
function manyFieldsBody(boundary: string, count: number, intent: string): Buffer {
  const parts = [`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n`];
  for (let index = 0; index < count; index++) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`);
  parts.push(`--${boundary}--\r\n`);
  return Buffer.from(parts.join(""));
}

async function signedInCookie(): Promise<string> {
  const service = await server.serviceClient();
  const email = `many-fields-${Date.now().toString(36)}@example.com`;
  const password = "Passw0rdOk";
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: "Field Flooder" } });
  expect(created.error).toBeNull();
  const signIn = await send(`${server.base}/?index`, {
    method: "POST",
    headers: { Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: Buffer.from(new URLSearchParams({ intent: "login", email, password, redirectTo: "" }).toString()),
  });
  expect(signIn.status).toBe(302);
  const cookies = [signIn.headers["set-cookie"] ?? []].flat().map((cookie) => cookie.split(";")[0]);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.join("; ");
}

/** The wizard's first step answered, so the photo route has a draft to add to and reads the body. */
async function withDraft(cookie: string): Promise<string> {
  const contact = await send(`${server.base}/book`, {
    method: "POST",
    headers: { Origin: server.base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: Buffer.from(new URLSearchParams({ intent: "continue", fullName: "Field Flooder", email: "flooder@example.com", phone: "4045550100" }).toString()),
  });
  expect(contact.status).toBe(302);
  const draft = [contact.headers["set-cookie"] ?? []].flat().find((value) => value.startsWith("booking_draft="));
  expect(draft).toBeDefined();
  return `${cookie}; ${draft!.split(";")[0]}`;
}

for (const [address, intent] of [
  ["/dashboard/gallery/upload", "upload"],
  ["/dashboard/profile", "save"],
  ["/book/photos", "upload"],
] as const) {
  test(`2,000 small fields posted to ${address} are refused and the server keeps serving`, async () => {
    runOnceAcrossProjects();
    let cookie = await signedInCookie();
    if (address === "/book/photos") cookie = await withDraft(cookie);
    const boundary = "----many-fields-boundary";
    const body = manyFieldsBody(boundary, 2_000, intent);
    expect(body.length).toBeGreaterThan(120 * 1024);
    const answer = await send(`${server.base}${address}`, {
      method: "POST",
      headers: { Origin: server.base, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    }).catch((error: Error) => ({ status: 0, headers: {}, body: error.message }));
    expect(answer.status, `${answer.body}\n${server.output()}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.body).toBeLessThan(500);

    const health = await fetch(`${server.base}/healthz`).then(
      (response) => response.status,
      (error: Error) => error.message,
    );
    expect(health, server.output()).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });
}
