// Run by persistence.test.ts in a child process: opens the emulator on the data directory given as the
// first argument and signs users up one after another, printing "acked <email>" after each response,
// until the parent kills it.
import { createSupabaseEmulator } from "./index.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: signup-until-killed.fixture.ts <dataDir>");
const emulator = await createSupabaseEmulator({ url: "http://localhost:54321", dataDir });

for (let index = 0; ; index++) {
  const email = `acked-${process.pid}-${index}@example.com`;
  const response = await emulator.fetch(`${emulator.url}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: emulator.anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "survives-a-crash" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  process.stdout.write(`acked ${email}\n`);
}
