// What a customer without JavaScript needs from `/` to a paid booking: the HTTP requests and the bytes
// on the wire (compressed, as a browser receives them), and the server time of each wizard step, with
// a company's history in the database: BOOKINGS (100,000 unless set; 0 for an empty one) made by the
// demo script, whose crews and busy days the details step's capacity questions read. Then the time of
// those questions alone, as the details step asks them: the slots of a busy day and 31 days of dates.
// Then a customer's reschedule of a paid booking: its page and its post, signed in and by the emailed
// link. Last, the office's actions: a move completed with its bill, the customer's page of the billed
// move, and a failed message sent again from the messages page. Each action against a 50 ms p95 target.
// Usage: npm run build && npm run bench:booking   (starts its own server on a free port and data directory)
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { untilMessageSenderIdle } from "./support/background-work.ts";
import { benchClients } from "./support/clients.ts";
import { PlainBrowser } from "./support/plain-browser.ts";
import { benchOfficeActions } from "./support/office-actions.ts";
import { benchReschedules } from "./support/reschedule.ts";
import { startBenchServer } from "./support/server.ts";
import { percentile } from "./support/statistics.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const ADMIN = { email: "bench-admin@example.com", password: "BenchAdmin2026" };
const BOOKINGS = Number(process.env.BOOKINGS ?? 100_000);
const DAY_MS = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const SLOTS = ["08:00", "10:00", "12:00", "14:00", "16:00"];

/**
 * Each bench booking on a day of its own past the demo's moves (they run about 40 days ahead), so the
 * 10:00 slot is free whatever crews the history left: the wizard refuses a time no crew is free for.
 */
const moveDate = (round: number) => isoDay(60 + round);
const steps = (round: number): Array<[string, Record<string, string>]> => [
  ["/book", { intent: "continue", fullName: "Bench Mark", email: "bench@example.com", phone: "(404) 555-0100" }],
  [
    "/book/details",
    { intent: "continue", date: moveDate(round), time: "10:00", fromAddress: "1 Peachtree St", toAddress: "2 Ponce Ave", propertySize: "2_bedroom" },
  ],
  ["/book/team", { intent: "continue", teamType: "elite" }],
  ["/book/service", { intent: "continue", serviceType: "local" }],
  ["/book/addons", { intent: "continue", extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0" }],
];
const STEP_COUNT = steps(0).length;

async function oneBooking(base: string, round: number, stepTimes: number[][], detailsPage: number[]) {
  const browser = new PlainBrowser(base);
  const seen = new Set<string>();
  await browser.page("/", seen);
  await browser.page("/book", seen);
  let shown = "";
  for (const [index, [target, form]] of steps(round).entries()) {
    const { posted, page } = await browser.post(target, form, seen);
    if (posted.status !== 302 && posted.status !== 303) throw new Error(`${target} answered ${posted.status}: ${posted.body.slice(0, 300)}`);
    stepTimes[index]!.push(posted.ms);
    // The contact step's answer leads to the details step's page: its GET is what shows the slots.
    if (index === 0) detailsPage.push(page.ms);
    shown = page.body;
  }
  // The add-ons step's Continue led to the review, where Pay is.
  const attempt = /name="attempt" value="([^"]+)"/.exec(shown)?.[1] ?? "";
  const pay = await browser.send("POST", "/book/review", { intent: "pay", attempt });
  stepTimes[STEP_COUNT]!.push(pay.ms);
  if (pay.status !== 303 || !pay.location) throw new Error(`Pay answered ${pay.status} (to ${pay.location ?? "nowhere"})`);
  const checkout = await browser.page(pay.location, seen);
  const paid = await browser.send("POST", pay.location, {
    email: "bench@example.com",
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12 / 34",
    cardCvc: "123",
    billingName: "Bench Mark",
  });
  if (!paid.location) throw new Error(`checkout answered ${paid.status}: ${paid.body.slice(0, 200)}`);
  const success = await browser.page(paid.location, seen);
  if (!success.body.includes("Payment Successful")) throw new Error("no success page");
  void checkout;
  return { requests: browser.requests, bytes: browser.bytes };
}

let dataDir: string | undefined;
if (BOOKINGS > 0) {
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-bench-booking-"));
  console.log(`seeding ${BOOKINGS.toLocaleString("en-US")} bookings with the demo script…`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts", "--bookings", String(BOOKINGS)], {
    // The demo makes its own admin account, and a server finding one makes no other: it is the bench's.
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error(`the demo script failed (exit ${seeded.status})`);
}

// Twenty customers from one address in a minute: the limit on new drafts and Pay presses would stop them.
const server = await startBenchServer(
  { AUTH_ATTEMPTS_PER_MINUTE: "1000", BOOKING_ACTIONS_PER_MINUTE: "1000", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  { dataDir },
);
const base = server.origin;
try {
  const { service, guest } = await benchClients(server);
  if (BOOKINGS > 0) {
    const seconds = await untilMessageSenderIdle(service);
    console.log(`the server's message sender planned the history's reminders and sent those due in ${seconds.toFixed(0)} s; timing starts now`);
  }
  const stepTimes: number[][] = Array.from({ length: STEP_COUNT + 1 }, () => []);
  const detailsPage: number[] = [];
  const first = await oneBooking(base, 0, stepTimes, detailsPage);
  console.log(
    `from / to a paid booking without JavaScript: ${first.requests} HTTP requests, ${(first.bytes / 1024).toFixed(1)} KiB on the wire (gzip, headers included)`,
  );
  for (let round = 1; round < ROUNDS; round++) await oneBooking(base, round, stepTimes, detailsPage);
  const history = BOOKINGS > 0 ? `, ${BOOKINGS.toLocaleString("en-US")} bookings in the database` : "";
  const names = ["contact", "details", "team", "service", "addons", "review + Pay (booking saved, Checkout Session created)"];
  console.log(`server time per wizard step (the POST; ${ROUNDS} bookings${history}):`);
  for (const [index, name] of names.entries()) {
    console.log(`  ${name}: p50 ${percentile(stepTimes[index]!, 0.5).toFixed(1)} ms, p95 ${percentile(stepTimes[index]!, 0.95).toFixed(1)} ms`);
  }
  console.log(
    `  details page (the GET the details step is shown by): p50 ${percentile(detailsPage, 0.5).toFixed(1)} ms, p95 ${percentile(detailsPage, 0.95).toFixed(1)} ms`,
  );

  // The details step with the busiest day ahead chosen: its page (the month of days and the day's
  // slots, rendered by the server) and the same from /book/availability, as JavaScript asks for it.
  const dates = await guest.rpc("capacity_days", {
    _from: isoDay(0),
    _to: isoDay(30),
    _hours: 6,
    _slots: SLOTS,
  });
  if (dates.error) throw new Error(dates.error.message);
  const busiestDay = (dates.data as Array<{ day: string; crews_used: number }>).reduce((most, day) => (day.crews_used > most.crews_used ? day : most)).day;
  const returning = new PlainBrowser(base);
  await returning.post(steps(0)[0]![0], steps(0)[0]![1], new Set());
  const chosen = await returning.send("POST", "/book/details", { ...steps(0)[1]![1], intent: "times", date: busiestDay });
  if (chosen.status !== 302) throw new Error(`the details step kept nothing: ${chosen.status}`);
  const pageTimes: number[] = [];
  const answerTimes: number[] = [];
  for (let round = 0; round < 10 + ROUNDS * 5; round++) {
    const shownPage = await returning.send("GET", "/book/details");
    if (shownPage.status !== 200 || !shownPage.body.includes("Start time")) throw new Error(`the details step answered ${shownPage.status}`);
    const answer = await returning.send("GET", `/book/availability?month=${busiestDay.slice(0, 7)}&date=${busiestDay}&size=2_bedroom`);
    if (answer.status !== 200) throw new Error(`/book/availability answered ${answer.status}`);
    if (round >= 10) {
      pageTimes.push(shownPage.ms);
      answerTimes.push(answer.ms);
    }
  }
  console.log(`the details step with ${busiestDay} chosen (the busiest day ahead), ${pageTimes.length} each:`);
  console.log(
    `  its page (month of days and the day's slots): p50 ${percentile(pageTimes, 0.5).toFixed(1)} ms, p95 ${percentile(pageTimes, 0.95).toFixed(1)} ms`,
  );
  console.log(
    `  /book/availability (the same, as JSON): p50 ${percentile(answerTimes, 0.5).toFixed(1)} ms, p95 ${percentile(answerTimes, 0.95).toFixed(1)} ms`,
  );

  // The capacity questions of the details step, as a guest's client asks them through the server's
  // own Supabase API: the slots of the busiest day ahead for a 2-bedroom move, and 31 days of dates.
  const days = await guest.rpc("capacity_days", { _from: isoDay(0), _to: isoDay(30), _hours: 6, _slots: SLOTS });
  if (days.error) throw new Error(days.error.message);
  const busiest = (days.data as Array<{ day: string; crews_used: number }>).reduce((most, day) => (day.crews_used > most.crews_used ? day : most));
  const slotTimes: number[] = [];
  const dayTimes: number[] = [];
  for (let round = 0; round < 10 + ROUNDS * 5; round++) {
    let started = performance.now();
    const slots = await guest.rpc("capacity_slots", { _day: busiest.day, _hours: 6, _slots: SLOTS });
    if (slots.error) throw new Error(slots.error.message);
    if (round >= 10) slotTimes.push(performance.now() - started);
    started = performance.now();
    const range = await guest.rpc("capacity_days", { _from: isoDay(0), _to: isoDay(30), _hours: 6, _slots: SLOTS });
    if (range.error) throw new Error(range.error.message);
    if (round >= 10) dayTimes.push(performance.now() - started);
  }
  console.log(`capacity questions of the details step (round trip through the server's Supabase API, ${slotTimes.length} each):`);
  console.log(
    `  slots of ${busiest.day} (busiest day ahead, ${busiest.crews_used} crews out at once): p50 ${percentile(slotTimes, 0.5).toFixed(1)} ms, p95 ${percentile(slotTimes, 0.95).toFixed(1)} ms`,
  );
  console.log(`  31 days of dates (closed, full or open): p50 ${percentile(dayTimes, 0.5).toFixed(1)} ms, p95 ${percentile(dayTimes, 0.95).toFixed(1)} ms`);

  // A customer moving a paid booking, signed in and with the emailed link, on the same database.
  await benchReschedules(server, ROUNDS);
  // The office completing moves with their bills and sending failed messages again, on the same database.
  await benchOfficeActions(server, ROUNDS, ADMIN);
} finally {
  await server.stop();
}
