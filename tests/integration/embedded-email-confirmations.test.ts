import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMailer } from "../../app/services/mailer.server.ts";
import { startBackends, type Backends } from "../../server/backends.ts";
import { readConfig } from "../../server/config.ts";
import { caughtAuthEmailsTo } from "../support/caught-auth-emails.ts";

// The embedded Supabase takes `[auth.email] enable_confirmations` from the project's
// supabase/config.toml at start, as `supabase start` does. The server reads the project from its
// working directory: here a copy whose file turns confirmations on.

const repository = process.cwd();
let project: string;
let backends: Backends;

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), "confirmations-project-"));
  mkdirSync(path.join(project, "supabase"));
  for (const shared of ["supabase/migrations", "supabase/seed.sql", "build"]) {
    if (existsSync(path.join(repository, shared))) symlinkSync(path.join(repository, shared), path.join(project, shared));
  }
  writeFileSync(
    path.join(project, "supabase/config.toml"),
    '[auth]\nsite_url = "http://localhost:3000"\n\n[auth.email]\nenable_confirmations = true # as hosted\n',
  );
  process.chdir(project);
  const config = readConfig({ NODE_ENV: "test", DATA_DIR: path.join(project, "data"), PORT: "3998", LOG_LEVEL: "silent" });
  backends = await startBackends(config, pino({ level: "silent" }), { businessName: "Metro Movers", createMailer });
}, 120_000);

afterAll(async () => {
  await backends?.close();
  process.chdir(repository);
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the embedded Supabase with supabase/config.toml asking for email confirmations", () => {
  it("answers a sign-up without a session and emails the link of the app's confirmation page", async () => {
    const { url, anonKey, fetch } = backends.supabase.connection;
    const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, global: { fetch } });
    const email = `confirm-from-file-${Date.now().toString(36)}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: "Confirm2026" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await client.auth.signInWithPassword({ email, password: "Confirm2026" });
    expect(signIn.error).toMatchObject({ status: 400, code: "email_not_confirmed" });
    const sent = await vi.waitFor(() => {
      const confirmation = caughtAuthEmailsTo(email, path.join(project, "data")).at(0);
      if (!confirmation) throw new Error("not sent yet");
      return confirmation;
    });
    expect(sent).toMatchObject({ type: "signup", link: expect.stringMatching(/^http:\/\/localhost:3998\/auth\/confirm\?token_hash=[0-9a-f]+&type=signup$/) });
    // Received over SMTP by the embedded mail catcher, as GoTrue's default template writes it.
    const caught = backends.mail.mailbox!.list({ offset: 0, limit: 1 }).messages[0]!;
    expect(caught).toMatchObject({ subject: "Confirm Your Signup", to: [{ address: email }] });
    expect(backends.mail.mailbox!.read(caught.id)?.html).toContain(`href="${sent.link.replace("&", "&amp;")}"`);
  });
});
