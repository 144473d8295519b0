import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createMailCatcher, type MailCatcher } from "../../emulators/mail/index.ts";
import { spawnServer, type SpawnedServer } from "../e2e/support/spawn-server.ts";

// The production build in embedded mode with SMTP_URL set (say, to Mailpit): it starts no catcher of
// its own and sends the auth emails to that server, from MAIL_FROM. The URL's password appears in no
// line of its output. Needs `npm run build` first.

let external: MailCatcher;
let server: SpawnedServer;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync("build/server.js")) throw new Error("smtp-url.test.ts runs the production build: run `npm run build` first");
  external = await createMailCatcher();
  const url = new URL(external.smtpUrl);
  url.username = "apikey";
  url.password = "pw-never-logged";
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-smtp-url-"));
  server = await spawnServer({ dataDir, env: { LOG_LEVEL: "info", SMTP_URL: url.href, MAIL_FROM: "Test Movers <office@movers.test>" } });
}, 90_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill("SIGTERM");
    await once(server.process, "exit");
  }
  await external?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

it("sends a password-reset email to SMTP_URL's server from MAIL_FROM, keeps none itself, and never logs the password", async () => {
  const client = await server.serviceClient();
  const email = `smtp-url-${Date.now().toString(36)}@example.com`;
  const created = await client.auth.admin.createUser({ email, password: "Correct-Horse-9", email_confirm: true });
  expect(created.error).toBeNull();
  expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.base}/reset-password` })).error).toBeNull();

  const caught = await vi.waitFor(
    () => {
      const message = external.list().messages.find((each) => each.to.some((to) => to.address === email));
      if (!message) throw new Error("not received yet");
      return external.read(message.id)!;
    },
    { timeout: 15_000 },
  );
  expect(caught).toMatchObject({ subject: "Reset Your Password", from: [{ name: "Test Movers", address: "office@movers.test" }] });
  expect(caught.text).toContain(`${server.base}/reset-password?`);
  expect(existsSync(path.join(dataDir, "mail")) ? readdirSync(path.join(dataDir, "mail")) : []).toEqual([]);

  const output = server.output();
  expect(output).toContain(`smtp://apikey@${new URL(external.smtpUrl).host}`);
  expect(output).not.toContain("pw-never-logged");
}, 60_000);
