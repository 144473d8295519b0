// The server time of the customer dashboard for a customer with 200 bookings and 20 gallery photos,
// side by side with a new customer who has none: each page and tab, p50 and p95 over many loads.
// First, the JavaScript each tab's HTML loads (entry, route modules, module preloads), next to the landing's.
// Usage: npm run build && npm run bench:dashboard   (starts its own server on a free port and data directory)
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { pageScripts } from "../tests/integration/support/page-scripts.ts";
import { benchClients, createBenchCustomer, type BenchClient } from "./support/clients.ts";
import { PlainBrowser } from "./support/plain-browser.ts";
import { startBenchServer } from "./support/server.ts";
import { percentile } from "./support/statistics.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 100);
const WARM_UP = 10;
const BOOKINGS = 200;
const PHOTOS = 20;
const PASSWORD = "BenchPass123";
const STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;
const DEPOSITS = ["unpaid", "paid", "failed", "expired"] as const;

async function seedBookings(service: BenchClient, customer: { id: string; email: string }) {
  const day = 86_400_000;
  const rows = Array.from({ length: BOOKINGS }, (_, index) => {
    const deposit = DEPOSITS[index % DEPOSITS.length]!;
    return {
      user_id: customer.id,
      full_name: "Bench Customer",
      email: customer.email,
      phone: "(404) 555-0100",
      moving_from: `${index + 1} Peachtree St, Atlanta, GA`,
      moving_to: `${index + 1} Ponce de Leon Ave, Decatur, GA`,
      moving_date: new Date(Date.now() + (index - 100) * day).toISOString().slice(0, 10),
      moving_time: "10:00",
      team_type: index % 2 ? "elite" : "luxury",
      service_type: ["local", "long_distance", "commercial"][index % 3]!,
      property_size: "2_bedroom",
      estimated_hours: 6,
      estimated_cost_cents: index % 10 === 0 ? null : 80_000 + index * 137,
      deposit_amount_cents: 5_000,
      deposit_status: deposit,
      deposit_paid_at: deposit === "paid" ? new Date().toISOString() : null,
      status: STATUSES[index % STATUSES.length]!,
      created_at: new Date(Date.now() - index * 3_600_000).toISOString(),
    };
  });
  const { error } = await service.from("bookings").insert(rows);
  if (error) throw new Error(`could not seed bookings: ${error.message}`);
}

/** Gallery photos as the gallery stores them: a 1600×1200 JPEG and a 320×240 thumbnail in the customer's folder. */
async function seedPhotos(service: BenchClient, customerId: string) {
  const noise = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 160 }, noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .jpeg({ quality: 82 })
      .toBuffer();
  const [image, thumbnail] = await Promise.all([noise(1600, 1200), noise(320, 240)]);
  const bucket = service.storage.from("user-images");
  const rows = [];
  for (let index = 0; index < PHOTOS; index++) {
    const id = randomUUID();
    const name = `${customerId}/${randomUUID()}`;
    const options = { contentType: "image/jpeg", cacheControl: "31536000" };
    const uploads = await Promise.all([bucket.upload(`${name}.jpg`, image, options), bucket.upload(`${name}-thumb.jpg`, thumbnail, options)]);
    const failed = uploads.find((upload) => upload.error);
    if (failed) throw new Error(`could not upload a photo: ${failed.error?.message}`);
    rows.push({
      id,
      user_id: customerId,
      image_url: `/dashboard/gallery/${id}/full`,
      file_name: `photo-${index + 1}.jpg`,
      path: `${name}.jpg`,
      thumbnail_path: `${name}-thumb.jpg`,
      uploaded_at: new Date(Date.now() - index * 60_000).toISOString(),
    });
  }
  const { error } = await service.from("user_images").insert(rows);
  if (error) throw new Error(`could not seed photos: ${error.message}`);
}

async function signIn(origin: string, email: string): Promise<PlainBrowser> {
  const browser = new PlainBrowser(origin);
  const answer = await browser.send("POST", "/?index", { intent: "login", email, password: PASSWORD, redirectTo: "" });
  if (answer.status !== 302 && answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return browser;
}

/** Loads `target` ROUNDS times (after a warm-up) and returns the times; every answer must be 200. */
async function time(browser: PlainBrowser, target: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const answer = await browser.send("GET", target);
    if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
    if (round >= WARM_UP) times.push(answer.ms);
  }
  return times;
}

/** The JavaScript a page's HTML makes the browser fetch, each module once, as sent without encoding and as gzip -9 would send it. */
async function scriptWeight(browser: PlainBrowser, origin: string, target: string) {
  const answer = await browser.send("GET", target);
  if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
  const files = pageScripts(answer.body);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(`${origin}${file}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const format = (times: number[]) => `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`;

const server = await startBenchServer({ AUTH_ATTEMPTS_PER_MINUTE: "1000" });
try {
  const { service } = await benchClients(server);

  const busy = await createBenchCustomer(service, { label: "busy", password: PASSWORD });
  const fresh = await createBenchCustomer(service, { label: "fresh", password: PASSWORD });
  await seedBookings(service, busy);
  await seedPhotos(service, busy.id);
  const { data: newest } = await service.from("bookings").select("id").eq("user_id", busy.id).order("created_at", { ascending: false }).limit(1).single();
  const { data: photo } = await service.from("user_images").select("id").eq("user_id", busy.id).limit(1).single();

  const busyBrowser = await signIn(server.origin, busy.email);
  const freshBrowser = await signIn(server.origin, fresh.email);

  console.log("JavaScript the HTML loads (entry, route modules, module preloads), the busy customer's pages:");
  const landing = await scriptWeight(new PlainBrowser(server.origin), server.origin, "/");
  for (const [label, target] of [
    ["/ (signed out)", "/"],
    ["/dashboard", "/dashboard"],
    ["/dashboard/profile", "/dashboard/profile"],
    ["/dashboard/gallery", "/dashboard/gallery"],
  ] as const) {
    const weight = target === "/" ? landing : await scriptWeight(busyBrowser, server.origin, target);
    const over = target === "/" ? "" : `, ${kib(weight.raw - landing.raw)} raw over the landing`;
    console.log(
      `  ${label.padEnd(20)} ${String(weight.files).padStart(3)} files, ${kib(weight.raw).padStart(10)} raw, ${kib(weight.gzip).padStart(9)} gzip -9${over}`,
    );
  }

  const pages: Array<[string, string, boolean]> = [
    ["/dashboard (overview: counters and the 5 newest)", "/dashboard", true],
    ["/dashboard/profile", "/dashboard/profile", true],
    ["/dashboard/gallery (20 thumbnails)", "/dashboard/gallery", true],
    ["/dashboard/bookings (page 1 of the list)", "/dashboard/bookings", true],
    ["/dashboard/bookings?page=20 (the last page)", "/dashboard/bookings?page=20", false],
    [`/dashboard/bookings/:id (a booking's details)`, `/dashboard/bookings/${newest?.id}`, false],
    ["/dashboard/gallery/:id/thumb (a thumbnail)", `/dashboard/gallery/${photo?.id}/thumb`, false],
  ];
  console.log(`server time on localhost, ${ROUNDS} loads each after ${WARM_UP} to warm up (sequential, HTML without JavaScript's extra requests):`);
  console.log(`customer with ${BOOKINGS} bookings and ${PHOTOS} photos  |  new customer with none`);
  for (const [label, target, compare] of pages) {
    const busyTimes = await time(busyBrowser, target);
    const freshTimes = compare ? await time(freshBrowser, target) : null;
    console.log(`  ${label}: ${format(busyTimes)}${freshTimes ? `  |  ${format(freshTimes)}` : ""}`);
  }
} finally {
  await server.stop();
}
