// What a customer without JavaScript needs from `/` to a paid booking: the HTTP requests and the bytes
// on the wire (compressed, as a browser receives them), and the server time of each wizard step.
// Usage: npm run build && npm run bench:booking   (starts its own server on a free port and data directory)
import { request } from "node:http";
import { startBenchServer } from "./support/server.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 20);


interface Answer {
  status: number;
  location?: string;
  body: string;
  wireBytes: number;
  ms: number;
}

/** A browser without JavaScript: one cookie jar, gzip, redirects followed by hand (each one counted). */
class PlainBrowser {
  cookies = new Map<string, string>();
  requests = 0;
  bytes = 0;
  constructor(private base: string) {}

  send(method: string, target: string, form?: Record<string, string>): Promise<Answer> {
    const url = new URL(target, this.base);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = { "accept-encoding": "gzip", accept: "text/html", "user-agent": "Mozilla/5.0 (no JavaScript)" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = String(Buffer.byteLength(body));
      headers.origin = this.base;
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", async () => {
          const raw = Buffer.concat(chunks);
          for (const cookie of response.headers["set-cookie"] ?? []) {
            const [pair] = cookie.split(";");
            const [name, ...value] = pair!.split("=");
            if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name!);
            else this.cookies.set(name!, value.join("="));
          }
          this.requests++;
          const headerBytes = Object.entries(response.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
          this.bytes += raw.length + headerBytes;
          const { gunzipSync } = await import("node:zlib");
          const text = response.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString() : raw.toString();
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: text, wireBytes: raw.length + headerBytes, ms: performance.now() - started });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A page and what a browser without JavaScript loads with it the first time (stylesheet, icon). */
  async page(target: string, seen: Set<string>) {
    const answer = await this.send("GET", target);
    for (const match of answer.body.matchAll(/<link[^>]+rel="(?:stylesheet|icon)"[^>]*href="([^"]+)"/g)) {
      const asset = match[1]!;
      if (seen.has(asset)) continue;
      seen.add(asset);
      await this.send("GET", asset);
    }
    return answer;
  }

  /** A form post and the page it redirects to (post/redirect/get). */
  async post(target: string, form: Record<string, string>, seen: Set<string>) {
    const posted = await this.send("POST", target, form);
    if (posted.status >= 300 && posted.status < 400 && posted.location) return { posted, page: await this.page(posted.location, seen) };
    return { posted, page: posted };
  }
}

const moveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const STEPS: Array<[string, Record<string, string>]> = [
  ["/book", { intent: "continue", fullName: "Bench Mark", email: "bench@example.com", phone: "(404) 555-0100" }],
  ["/book/details", { intent: "continue", date: moveDate, time: "10:00", fromAddress: "1 Peachtree St", toAddress: "2 Ponce Ave", propertySize: "2_bedroom" }],
  ["/book/team", { intent: "continue", teamType: "elite" }],
  ["/book/service", { intent: "continue", serviceType: "local" }],
];

async function oneBooking(base: string, stepTimes: number[][]) {
  const browser = new PlainBrowser(base);
  const seen = new Set<string>();
  await browser.page("/", seen);
  await browser.page("/book", seen);
  for (const [index, [target, form]] of STEPS.entries()) {
    const { posted } = await browser.post(target, form, seen);
    stepTimes[index]!.push(posted.ms);
  }
  const addons = await browser.page("/book/addons", seen);
  const attempt = /name="attempt" value="([^"]+)"/.exec(addons.body)?.[1] ?? "";
  const pay = await browser.send("POST", "/book/addons", { intent: "pay", attempt, extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0" });
  stepTimes[4]!.push(pay.ms);
  if (pay.status !== 303 || !pay.location) throw new Error(`Pay answered ${pay.status}`);
  const checkout = await browser.page(pay.location, seen);
  const paid = await browser.send("POST", pay.location, { email: "bench@example.com", cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 34", cardCvc: "123", billingName: "Bench Mark" });
  if (!paid.location) throw new Error(`checkout answered ${paid.status}: ${paid.body.slice(0, 200)}`);
  const success = await browser.page(paid.location, seen);
  if (!success.body.includes("Payment Successful")) throw new Error("no success page");
  void checkout;
  return { requests: browser.requests, bytes: browser.bytes };
}

const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

const server = await startBenchServer({ AUTH_ATTEMPTS_PER_MINUTE: "1000" });
const base = server.origin;
try {
  const stepTimes: number[][] = [[], [], [], [], []];
  const first = await oneBooking(base, stepTimes);
  console.log(`from / to a paid booking without JavaScript: ${first.requests} HTTP requests, ${(first.bytes / 1024).toFixed(1)} KiB on the wire (gzip, headers included)`);
  for (let round = 1; round < ROUNDS; round++) await oneBooking(base, stepTimes);
  const names = ["contact", "details", "team", "service", "addons + Pay (booking saved, Checkout Session created)"];
  console.log(`server time per wizard step (the POST; ${ROUNDS} bookings):`);
  for (const [index, name] of names.entries()) {
    console.log(`  ${name}: p50 ${percentile(stepTimes[index]!, 0.5).toFixed(1)} ms, p95 ${percentile(stepTimes[index]!, 0.95).toFixed(1)} ms`);
  }
} finally {
  await server.stop();
}
