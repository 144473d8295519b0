import { spawn } from "node:child_process";
import { PlainBrowser } from "/work/main/benchmarks/support/plain-browser.ts";
const port = 3999, origin = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/sqlt/prof"] : []), "build/server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, LOG_LEVEL: "silent", DATA_DIR: "/tmp/b100k", AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  stdio: "inherit",
});
for (;;) { if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 200)); }
const browser = new PlainBrowser(origin);
await browser.send("POST", "/?index", { intent: "login", email: "bench-admin@example.com", password: "BenchAdmin2026", redirectTo: "" });
for (const target of process.argv.slice(2)) {
  const times: number[] = [];
  for (let i = 0; i < 60; i++) { const a = await browser.send("GET", target); if (i >= 10) times.push(a.ms); }
  times.sort((a, b) => a - b);
  console.log(`${target}: p50 ${times[25]!.toFixed(1)} p95 ${times[47]!.toFixed(1)}`);
}
child.kill("SIGINT"); await new Promise((r) => child.on("exit", r));
