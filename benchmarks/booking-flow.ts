// What a customer without JavaScript needs from `/` to a paid booking: the HTTP requests and the bytes
// on the wire (compressed, as a browser receives them), and the server time of each wizard step.
// Usage: npm run build && npm run bench:booking   (starts its own server on a free port and data directory)
import { PlainBrowser } from "./support/plain-browser.ts";
import { startBenchServer } from "./support/server.ts";
import { percentile } from "./support/statistics.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 20);

const moveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const STEPS: Array<[string, Record<string, string>]> = [
  ["/book", { intent: "continue", fullName: "Bench Mark", email: "bench@example.com", phone: "(404) 555-0100" }],
  ["/book/details", { intent: "continue", date: moveDate, time: "10:00", fromAddress: "1 Peachtree St", toAddress: "2 Ponce Ave", propertySize: "2_bedroom" }],
  ["/book/team", { intent: "continue", teamType: "elite" }],
  ["/book/service", { intent: "continue", serviceType: "local" }],
  ["/book/addons", { intent: "continue", extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0" }],
];

async function oneBooking(base: string, stepTimes: number[][]) {
  const browser = new PlainBrowser(base);
  const seen = new Set<string>();
  await browser.page("/", seen);
  await browser.page("/book", seen);
  let shown = "";
  for (const [index, [target, form]] of STEPS.entries()) {
    const { posted, page } = await browser.post(target, form, seen);
    stepTimes[index]!.push(posted.ms);
    shown = page.body;
  }
  // The add-ons step's Continue led to the review, where Pay is.
  const attempt = /name="attempt" value="([^"]+)"/.exec(shown)?.[1] ?? "";
  const pay = await browser.send("POST", "/book/review", { intent: "pay", attempt });
  stepTimes[STEPS.length]!.push(pay.ms);
  if (pay.status !== 303 || !pay.location) throw new Error(`Pay answered ${pay.status}`);
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

const server = await startBenchServer({ AUTH_ATTEMPTS_PER_MINUTE: "1000" });
const base = server.origin;
try {
  const stepTimes: number[][] = Array.from({ length: STEPS.length + 1 }, () => []);
  const first = await oneBooking(base, stepTimes);
  console.log(
    `from / to a paid booking without JavaScript: ${first.requests} HTTP requests, ${(first.bytes / 1024).toFixed(1)} KiB on the wire (gzip, headers included)`,
  );
  for (let round = 1; round < ROUNDS; round++) await oneBooking(base, stepTimes);
  const names = ["contact", "details", "team", "service", "addons", "review + Pay (booking saved, Checkout Session created)"];
  console.log(`server time per wizard step (the POST; ${ROUNDS} bookings):`);
  for (const [index, name] of names.entries()) {
    console.log(`  ${name}: p50 ${percentile(stepTimes[index]!, 0.5).toFixed(1)} ms, p95 ${percentile(stepTimes[index]!, 0.95).toFixed(1)} ms`);
  }
} finally {
  await server.stop();
}
