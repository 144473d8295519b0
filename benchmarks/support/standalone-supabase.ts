// The embedded Supabase emulator in a process of its own, served over HTTP as a hosted project is:
// a stand-in for hosted Supabase when the app's own memory is measured without the database in it.
// Usage: tsx benchmarks/support/standalone-supabase.ts <port> <dataDir>
// Prints one JSON line when ready: { url, anonKey, serviceRoleKey, jwtSecret }.
import express from "express";
import { createSupabaseEmulator, LIFTED_AUTH_RATE_LIMITS } from "../../emulators/supabase/index.ts";
import { sendFetchResponse, toFetchRequest } from "../../server/fetch-adapter.ts";

const [port = "54321", dataDir] = process.argv.slice(2);
const url = `http://127.0.0.1:${port}`;
const emulator = await createSupabaseEmulator({ url, dataDir, authRateLimits: LIFTED_AUTH_RATE_LIMITS });
const app = express();
app.use(async (request, response, next) => {
  try {
    await sendFetchResponse(response, await emulator.handle(toFetchRequest(request, url)));
  } catch (error) {
    next(error);
  }
});
const server = app.listen(Number(port), "127.0.0.1", () => {
  console.log(JSON.stringify({ url, anonKey: emulator.anonKey, serviceRoleKey: emulator.serviceRoleKey, jwtSecret: emulator.config.jwtSecret }));
});
process.on("SIGTERM", () => {
  server.close();
  void emulator.close().then(() => process.exit(0));
});
