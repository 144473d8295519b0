// The admin area with years of history: 100,000 bookings made by the demo script in a temporary data
// directory, then the production build's server time (p50, p95) of the dashboard, of the bookings
// table searched, filtered, sorted and paged deep (and by Move date, with each day's crews, and by
// balance state), of the schedule (today's crews and two weeks, and a busy day ahead), of the
// settings, customers, analytics (the revenue pages: money collected from the demo's deposits, bills,
// balances, tips and refunds) and users pages (the demo's 200 customers and the admin: users searched and at page 8 of 9), and the
// CSV export of every booking: its time and the server's peak memory meanwhile.
// Usage: npm run build && npm run bench:admin   (BOOKINGS and ROUNDS change the sizes)
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PlainBrowser } from "./support/plain-browser.ts";
import { memoryOf, resetPeak } from "./support/process-memory.ts";
import { startBenchServer } from "./support/server.ts";
import { percentile } from "./support/statistics.ts";

const BOOKINGS = Number(process.env.BOOKINGS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const WARM_UP = 20;
const ADMIN = { email: "bench-admin@example.com", password: "BenchAdmin2026" };
/** A week ahead: a day of the demo's confirmed and pending moves. */
const WEEK_AHEAD = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const PAGES: Array<[label: string, target: string]> = [
  ["/admin (stat cards)", "/admin"],
  ["/admin/overview/users (users preview)", "/admin/overview/users"],
  ["/admin/overview/analytics (website analytics, last 48 hours)", "/admin/overview/analytics"],
  ["/admin/bookings (first page)", "/admin/bookings"],
  ["/admin/bookings?q=peachtree (search)", "/admin/bookings?q=peachtree"],
  ["/admin/bookings?status=pending (filter)", "/admin/bookings?status=pending"],
  ["/admin/bookings?sort=amount&dir=desc (sort)", "/admin/bookings?sort=amount&dir=desc"],
  ["/admin/bookings?page=2000 (deep page)", "/admin/bookings?page=2000"],
  ["/admin/bookings?sort=customer&page=2000 (deep page by customer)", "/admin/bookings?sort=customer&page=2000"],
  ["/admin/bookings?q=smith&status=completed&sort=date&page=50 (all at once)", "/admin/bookings?q=smith&status=completed&sort=date&page=50"],
  ["/admin/bookings?move=week (Move date filter, crews of each day)", "/admin/bookings?move=week"],
  ["/admin/bookings?balance=overdue (balance filter)", "/admin/bookings?balance=overdue"],
  ["/admin/bookings?balance=unbilled (balance filter)", "/admin/bookings?balance=unbilled"],
  ["/admin/schedule (today's crews and two weeks)", "/admin/schedule"],
  [`/admin/schedule?day=${WEEK_AHEAD} (a week ahead)`, `/admin/schedule?day=${WEEK_AHEAD}`],
  ["/admin/settings (form and system information)", "/admin/settings"],
  ["/admin/customers (first page)", "/admin/customers"],
  ["/admin/customers?q=smith (search)", "/admin/customers?q=smith"],
  ["/admin/customers?page=8 (deep page)", "/admin/customers?page=8"],
  ["/admin/analytics", "/admin/analytics"],
  ["/admin/users (first page)", "/admin/users"],
  ["/admin/users?q=smith (search)", "/admin/users?q=smith"],
  ["/admin/users?page=8 (deep page)", "/admin/users?page=8"],
];

const EXPORTS: Array<[label: string, target: string]> = [
  ["cancelled bookings", "/admin/bookings/export?status=cancelled"],
  ["every booking", "/admin/bookings/export"],
];

const dataDir = mkdtempSync(path.join(tmpdir(), "movers-bench-admin-"));
console.log(`seeding ${BOOKINGS.toLocaleString("en-US")} bookings with the demo script…`);
const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts", "--bookings", String(BOOKINGS)], {
  env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  stdio: "inherit",
});
if (seeded.status !== 0) throw new Error(`the demo script failed (exit ${seeded.status})`);

const server = await startBenchServer({ AUTH_ATTEMPTS_PER_MINUTE: "1000" }, { dataDir });
try {
  const pid = server.process.pid!;
  const browser = new PlainBrowser(server.origin);
  const signedIn = await browser.send("POST", "/?index", { intent: "login", email: ADMIN.email, password: ADMIN.password, redirectTo: "" });
  if (signedIn.status !== 302 && signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);

  console.log(`server time on localhost, ${ROUNDS} loads each after ${WARM_UP} to warm up (sequential, HTML only):`);
  for (const [label, target] of PAGES) {
    const times: number[] = [];
    let status = 0;
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      const answer = await browser.send("GET", target);
      status = answer.status;
      if (round >= WARM_UP) times.push(answer.ms);
    }
    const note = status === 200 ? "" : `  (answered ${status})`;
    console.log(`  ${label}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms${note}`);
  }

  // A smaller export first, then every booking: with memory flat in the number of rows, the second
  // grows the server's peak by about as much as the first, not ten times more.
  for (const [label, target] of EXPORTS) {
    const before = memoryOf(pid);
    resetPeak(pid);
    const exported = await browser.send("GET", target);
    const after = memoryOf(pid);
    const rows = exported.body.split("\n").filter((line) => line.length > 0).length - 1;
    console.log(
      `  ${target} (${label} as CSV): ${(exported.ms / 1000).toFixed(2)} s, ${(exported.wireBytes / 1024 / 1024).toFixed(1)} MiB on the wire, ` +
        `${rows.toLocaleString("en-US")} lines after the header, answered ${exported.status}; server rss ${before.rssMiB.toFixed(0)} → peak ${after.peakMiB.toFixed(0)} MiB ` +
        `(+${(after.peakMiB - before.rssMiB).toFixed(0)})`,
    );
  }
} finally {
  await server.stop();
}
