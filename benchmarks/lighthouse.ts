// Lighthouse (mobile: a mid-range phone on a slow 4G connection, simulated) for every page customers use
// and every page of the office's area: three runs each, the median and the worst score of each category,
// the total blocking time beside the landing's of the same run (the landing is always measured first),
// and the time the page's own scripts take to evaluate at Lighthouse's 4x CPU slowdown.
// Usage: npm run build && npm run bench:lighthouse   (starts its own server on a free port and data directory)
// PAGES=/book/details,/dashboard RUNS=1 narrows it down.
import { readFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { manageBookingToken } from "../app/services/manage-links.server.ts";
import { billForm } from "../server/testing/bill-form.ts";
import { ADMIN_PAGES } from "../tests/e2e/support/admin-pages.ts";
import { benchClients, createBenchCustomer, type BenchClient } from "./support/clients.ts";
import { emptyDays, paidBookings } from "./support/paid-moves.ts";
import { PlainBrowser } from "./support/plain-browser.ts";
import { startBenchServer } from "./support/server.ts";

const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const ADMIN = { email: "admin@example.com", password: "BenchAdmin123" };
const CUSTOMER_PASSWORD = "BenchPass123";
const GUEST_EMAIL = "bench@example.com";

const moveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const WIZARD: Array<[string, Record<string, string>]> = [
  ["/book", { intent: "continue", fullName: "Bench Mark", email: GUEST_EMAIL, phone: "(404) 555-0100" }],
  ["/book/details", { intent: "continue", date: moveDate, time: "10:00", fromAddress: "1 Peachtree St", toAddress: "2 Ponce Ave", propertySize: "2_bedroom" }],
  ["/book/team", { intent: "continue", teamType: "elite" }],
  ["/book/service", { intent: "continue", serviceType: "local" }],
  ["/book/addons", { intent: "continue", packingService: "on", extraMovers: "1", tvMounting: "0", deepCleaningBedrooms: "0" }],
];

const cookieHeader = (browser: PlainBrowser) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** A guest's browser that has answered every step for a move at `time`, ready to pay. */
async function guestAtReview(base: string, time = "10:00") {
  const guest = new PlainBrowser(base);
  const seen = new Set<string>();
  for (const [target, form] of WIZARD) {
    const { posted } = await guest.post(target, target === "/book/details" ? { ...form, time } : form, seen);
    if (posted.status !== 302 && posted.status !== 303) throw new Error(`${target} answered ${posted.status}`);
  }
  return guest;
}

/** Another guest, who paid for a move at `time`: the payment page of their booking (paying finishes the draft, so the wizard starts afresh). */
async function guestWhoPaid(base: string, time: string) {
  const guest = await guestAtReview(base, time);
  // The review's form names the attempt, so a second press starts no second checkout.
  const review = await guest.page("/book/review", new Set());
  const attempt = /name="attempt" value="([^"]+)"/.exec(review.body)?.[1] ?? "";
  const pay = await guest.send("POST", "/book/review", { intent: "pay", attempt });
  if (!pay.location) throw new Error(`Pay answered ${pay.status}`);
  const paid = await guest.send("POST", pay.location, {
    email: GUEST_EMAIL,
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12 / 34",
    cardCvc: "123",
    billingName: "Bench Mark",
  });
  if (!paid.location) throw new Error(`checkout answered ${paid.status}`);
  const page = new URL(paid.location, base);
  return { path: page.pathname + page.search, cookie: cookieHeader(guest) };
}

async function signedIn(base: string, email: string, password: string) {
  const browser = new PlainBrowser(base);
  const answer = await browser.send("POST", "/?index", { intent: "login", email, password, redirectTo: "" });
  if (answer.status !== 302 && answer.status !== 303) throw new Error(`sign-in as ${email} answered ${answer.status}`);
  return browser;
}

/** The office completes the move at 12:00 with its bill (work until 18:20), so its customer has a balance to pay. */
async function billTheMove(office: PlainBrowser, bookingId: string) {
  const answer = await office.send("POST", `/admin/bookings/${bookingId}/bill`, billForm("complete-move", { startedAt: "12:00", endedAt: "18:20" }));
  if (answer.status !== 302) throw new Error(`billing the move answered ${answer.status}`);
}

/** The 'Manage your booking' link of the bench guests' bookings, signed with the server's secret. */
function manageLink(dataDir: string, bookingId: string, page = "/manage") {
  const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
  return `${page}?${new URLSearchParams({ token: manageBookingToken(secret, { id: bookingId, email: GUEST_EMAIL }) })}`;
}

/** The address of the first receipt a page links to (the deposit's), as the page writes it. */
async function firstReceiptLink(base: string, page: string) {
  const { body } = await new PlainBrowser(base).send("GET", page);
  const link = /href="(\/manage\/receipt\?[^"]+)"/.exec(body)?.[1];
  if (!link) throw new Error(`${page} links to no receipt`);
  return link.replaceAll("&amp;", "&");
}

/** The newest booking's id: the paid guest's, whose pages the office opens. */
async function newestBookingId(service: BenchClient) {
  const { data, error } = await service.from("bookings").select("id").order("created_at", { ascending: false }).limit(1).single();
  if (error) throw new Error(`could not read the newest booking: ${error.message}`);
  return data.id as string;
}

/** A customer account with a paid move ahead: its email, and the move's id. */
async function customerWithPaidMove(service: BenchClient) {
  const account = await createBenchCustomer(service, { label: "lighthouse", password: CUSTOMER_PASSWORD });
  const [move] = await paidBookings(service, { userId: account.id, email: account.email }, await emptyDays(service, 1));
  return { email: account.email, moveId: move!.id };
}

/** The least blocking time a page's is compared with, whatever the landing's (see where it is used). */
const BLOCKING_REFERENCE_FLOOR_MS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** One page's runs: its scores by category, and each run's LCP, TBT and script evaluation. */
interface PageRuns {
  scores: Record<string, number[]>;
  lcp: number[];
  blocking: number[];
  evaluation: number[];
}

const server = await startBenchServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_ATTEMPTS_PER_MINUTE: "1000" });
const base = server.origin;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless", "--no-sandbox"] });
try {
  const { service } = await benchClients(server);
  const wizardCookie = cookieHeader(await guestAtReview(base));
  // Two paid guests' bookings: one the customer manages (reschedule, receipts), one the office bills.
  const payment = await guestWhoPaid(base, "10:00");
  const paidBooking = await newestBookingId(service);
  await guestWhoPaid(base, "12:00");
  const billedBooking = await newestBookingId(service);
  const account = await customerWithPaidMove(service);
  const customer = cookieHeader(await signedIn(base, account.email, CUSTOMER_PASSWORD));
  const office = await signedIn(base, ADMIN.email, ADMIN.password);
  await billTheMove(office, billedBooking);
  const admin = cookieHeader(office);
  const managed = manageLink(server.dataDir, paidBooking);
  const pages: Array<{ path: string; label?: string; cookie?: string }> = [
    { path: "/" },
    ...WIZARD.map(([path]) => ({ path, cookie: wizardCookie })),
    { path: "/book/review", cookie: wizardCookie },
    { path: payment.path, cookie: payment.cookie },
    ...["/dashboard", "/dashboard/profile", "/dashboard/gallery", "/dashboard/bookings"].map((path) => ({ path, cookie: customer })),
    // A signed-in customer's own move: its page and its calendar for a new day.
    ...["", "/reschedule"].map((page) => ({
      path: `/dashboard/bookings/${account.moveId}${page}`,
      label: `/dashboard/bookings/:id${page}`,
      cookie: customer,
    })),
    // The pages the 'Manage your booking' link of the emails opens, for guests too: the booking, its
    // calendar for a new day, a receipt, and a completed move's bill with its balance to pay.
    { path: managed, label: "/manage" },
    { path: manageLink(server.dataDir, paidBooking, "/manage/reschedule"), label: "/manage/reschedule" },
    { path: await firstReceiptLink(base, managed), label: "/manage/receipt" },
    { path: manageLink(server.dataDir, billedBooking), label: "/manage (the bill)" },
    // Every page of the office's area, and a booking's.
    ...["/admin", ...ADMIN_PAGES].map((path) => ({ path, cookie: admin })),
    ...["", "/edit", "/cancel", "/bill"].map((page) => ({ path: `/admin/bookings/${paidBooking}${page}`, label: `/admin/bookings/:id${page}`, cookie: admin })),
  ];
  const wanted = process.env.PAGES?.split(",");
  let landingBlocking: number | undefined;
  // Lighthouse's measure of the machine's speed at each run (higher is faster): figures from runs
  // whose speed differs are not comparable, and this tells a slow machine from a slow page.
  const speeds: number[] = [];
  console.log(
    `Lighthouse ${RUNS} run(s) per page, mobile (median / worst); TBT beside the landing's median of this run (or ${BLOCKING_REFERENCE_FLOOR_MS} ms, if more):`,
  );
  for (const page of pages) {
    const label = page.label ?? page.path.split("?")[0]!;
    // The landing is the reference every other page's blocking time is judged against.
    if (wanted && label !== "/" && !wanted.includes(label)) continue;
    const runs: PageRuns = { scores: Object.fromEntries(CATEGORIES.map((category) => [category, []])), lcp: [], blocking: [], evaluation: [] };
    const failed: string[] = [];
    let scripts = "";
    let lcpElement = "";
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      });
      if (!result || result.lhr.runtimeError) throw new Error(`${label}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
      // A run that ended elsewhere (a session lost, a redirect) measured another page: its scores would lie.
      if (result.lhr.finalDisplayedUrl !== `${base}${page.path}`) throw new Error(`${label}: run ${run + 1} ended at ${result.lhr.finalDisplayedUrl}`);
      speeds.push(result.lhr.environment.benchmarkIndex);
      for (const category of CATEGORIES) runs.scores[category]!.push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      runs.lcp.push(result.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
      runs.blocking.push(result.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
      // The evaluation of the page's own scripts (not the browser's or an extension's), at the 4x CPU slowdown.
      const bootup = (result.lhr.audits["bootup-time"]?.details as { items?: Array<{ url: string; scripting: number }> })?.items ?? [];
      runs.evaluation.push(bootup.filter((item) => item.url.startsWith(base)).reduce((sum, item) => sum + item.scripting, 0));
      if (run === 0) {
        // The page's own JavaScript as the phone receives it (compressed), from Lighthouse's resource summary.
        const items = (
          result.lhr.audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number; requestCount: number }> }
        )?.items;
        const script = items?.find((item) => item.resourceType === "script");
        if (script) scripts = `JS ${(script.transferSize / 1024).toFixed(1)} KiB in ${script.requestCount} files, `;
        const element = JSON.stringify(result.lhr.audits["lcp-breakdown-insight"]?.details ?? {}).match(/"nodeLabel":"([^"]{0,60})/)?.[1];
        if (element) lcpElement = ` (${element})`;
        for (const category of CATEGORIES.filter((name) => name !== "performance")) {
          const refs = result.lhr.categories[category]?.auditRefs ?? [];
          for (const ref of refs) {
            const audit = result.lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
              // Which element, so that a failure caught mid-animation can be told from a real one.
              const node = JSON.stringify(audit.details ?? {}).match(/"snippet":"([^"]{0,80})/)?.[1];
              failed.push(`${category}: ${audit.id}${node ? ` at ${node}` : ""}`);
            }
          }
        }
      }
    }
    const { scores, lcp, blocking, evaluation } = runs;
    landingBlocking ??= median(blocking);
    // The run with the lowest performance score, and why: a slow paint or a long task.
    const worst = scores.performance!.indexOf(Math.min(...scores.performance!));
    const worstRun = `worst run: LCP ${(lcp[worst]! / 1000).toFixed(2)} s, TBT ${Math.round(blocking[worst]!)} ms`;
    const figures = CATEGORIES.map((category) => `${category} ${median(scores[category]!)} / ${Math.min(...scores[category]!)}`).join(", ");
    // Total blocking time counts what each task runs past 50 ms, so under 50 ms a landing's figure
    // is a task or two's remainder and a ratio to it measures noise: the ratio is then against 50 ms.
    const reference = Math.max(landingBlocking!, BLOCKING_REFERENCE_FLOOR_MS);
    const ratio = (value: number) => `${(value / reference).toFixed(2)}x`;
    const beside = label === "/" ? "" : ` = ${ratio(median(blocking))} the landing's, worst ${ratio(Math.max(...blocking))}`;
    console.log(
      `  ${label}: ${figures}; ${scripts}script evaluation ${Math.round(median(evaluation))} ms, LCP ${(median(lcp) / 1000).toFixed(2)} s${lcpElement}, ` +
        `TBT ${Math.round(median(blocking))} ms${beside} (${worstRun})${failed.length ? `  (below 100: ${[...new Set(failed)].join("; ")})` : ""}`,
    );
  }
  if (speeds.length > 0) {
    console.log(
      `the machine's speed (Lighthouse's benchmark index, higher is faster): median ${Math.round(median(speeds))}, ${Math.round(Math.min(...speeds))} to ${Math.round(Math.max(...speeds))}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}
