// The embedded Supabase emulator in a process of its own, served over HTTP as a hosted project is,
// and the mail catcher beside it on SMTP: stand-ins for hosted Supabase and an SMTP provider when the
// app's own memory is measured without the database or a mail server in it.
// Usage: tsx benchmarks/support/standalone-supabase.ts <port> <dataDir>
// Prints one JSON line when ready: { url, anonKey, serviceRoleKey, jwtSecret, smtpUrl }.
import express from "express";
import { createMailCatcher } from "../../emulators/mail/index.ts";
import { createSupabaseEmulator, LIFTED_AUTH_RATE_LIMITS } from "../../emulators/supabase/index.ts";
import { sendFetchResponse, toFetchRequest } from "../../server/fetch-adapter.ts";

const [port = "54321", dataDir] = process.argv.slice(2);
const url = `http://127.0.0.1:${port}`;
const emulator = await createSupabaseEmulator({ url, dataDir, authRateLimits: LIFTED_AUTH_RATE_LIMITS });
const catcher = await createMailCatcher();
const app = express();
app.use(async (request, response, next) => {
  try {
    await sendFetchResponse(response, await emulator.handle(toFetchRequest(request, url)));
  } catch (error) {
    next(error);
  }
});
const server = app.listen(Number(port), "127.0.0.1", () => {
  console.log(
    JSON.stringify({ url, anonKey: emulator.anonKey, serviceRoleKey: emulator.serviceRoleKey, jwtSecret: emulator.config.jwtSecret, smtpUrl: catcher.smtpUrl }),
  );
});
process.on("SIGTERM", () => {
  server.close();
  void Promise.all([emulator.close(), catcher.close()]).then(() => process.exit(0));
});
