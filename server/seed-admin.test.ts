import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../emulators/supabase/testing/index.ts";
import { createLogger } from "./logger.ts";
import { ensureAdminAccount } from "./seed-admin.ts";

const logger = createLogger("silent");

// Needs an empty project (no admin yet), so only against the emulator.
describe.skipIf(usingHostedBackend)("ensureAdminAccount", () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend.close();
  });

  const admins = () => backend.sql<{ email: string }>("select u.email from public.user_roles r join auth.users u on u.id = r.user_id where r.role = 'admin'");

  it("promotes an existing account with the admin email, and does nothing once an admin exists", async () => {
    const email = uniqueEmail("owner");
    await backend.adminCreateUser(email, "Customer123");
    const service = backend.createClient({ key: "service_role" });

    await ensureAdminAccount(service, { email, password: "Ignored123" }, logger);
    expect(await admins()).toEqual([{ email }]);
    // The existing password stays: promotion does not take over the account.
    const signIn = await backend.createClient().auth.signInWithPassword({ email, password: "Customer123" });
    expect(signIn.error).toBeNull();

    await ensureAdminAccount(service, { email: uniqueEmail("second") }, logger);
    expect(await admins()).toEqual([{ email }]);
  });

  it("promotes an existing account without printing a password, which would not be the account's", async () => {
    await backend.sql("delete from public.user_roles where role = 'admin'");
    const email = uniqueEmail("owner-without-password");
    await backend.adminCreateUser(email, "Customer123");
    const lines: Array<Record<string, unknown>> = [];
    const recordingLogger = pino({}, { write: (line: string) => lines.push(JSON.parse(line)) });

    const made = await ensureAdminAccount(backend.createClient({ key: "service_role" }), { email }, recordingLogger);
    expect(made).toEqual({ email, existingAccount: true });
    expect(await admins()).toEqual([{ email }]);
    expect(lines.some((line) => "password" in line)).toBe(false);
    expect((await backend.createClient().auth.signInWithPassword({ email, password: "Customer123" })).error).toBeNull();
  });

  it("creates the account with a generated password that meets the sign-up rule", async () => {
    await backend.sql("delete from public.user_roles where role = 'admin'");
    const email = uniqueEmail("fresh-admin");
    const lines: Array<Record<string, unknown>> = [];
    const recordingLogger = pino({}, { write: (line: string) => lines.push(JSON.parse(line)) });

    await ensureAdminAccount(backend.createClient({ key: "service_role" }), { email }, recordingLogger);
    expect(await admins()).toEqual([{ email }]);
    const password = lines.find((line) => line.msg?.toString().includes("generated password"))?.password;
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{8,}$/);
    const signIn = await backend.createClient().auth.signInWithPassword({ email, password: String(password) });
    expect(signIn.error).toBeNull();
  });
});
