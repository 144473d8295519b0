// What photo uploads cost the server: the time to answer and the process's peak memory for one
// photo of almost 10 MB, and for ten of them in one post (the most a booking takes), plus how long
// /healthz takes meanwhile. Then three customers posting ten photos each at the same moment: small
// PNGs that declare 100 megapixels (a decompression bomb), and genuine 12-megapixel phone photos.
// First, a probe's post of no photo but 19 text fields of 10 MB to each upload form, alone and four
// at once from one customer: what the server answers and its peak memory meanwhile.
// Usage: npm run build && npm run bench:photo-upload   (starts its own server on a free port;
// `-- --text-fields-only` stops after the probe's posts)
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import sharp from "sharp";
import { benchClients, createBenchCustomer, type BenchClient } from "./support/clients.ts";
import { healthLatencies, startBenchServer, type BenchServer } from "./support/server.ts";

const ADMIN = { email: "bench-admin@example.com", password: "BenchPass123" };
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
}

/** Starts the peak (VmHWM) afresh at the current resident size. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** A camera-like 6000×4000 JPEG (fine grain, so it compresses like a photo) of just under 10 MB. */
async function photoOfAlmost10MB(): Promise<Buffer> {
  const grain = await sharp(randomBytes(6000 * 4000 * 3), { raw: { width: 6000, height: 4000, channels: 3 } })
    .blur(0.8)
    .raw()
    .toBuffer();
  let low = 50;
  let high = 100;
  let best: Buffer | null = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const candidate = await sharp(grain, { raw: { width: 6000, height: 4000, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (candidate.length <= MAX_PHOTO_BYTES - 64 * 1024) {
      best = candidate;
      low = quality + 1;
    } else high = quality - 1;
  }
  if (!best) throw new Error("could not make a photo under 10 MB");
  return best;
}

/** A 10000×10000 PNG of one colour: a few hundred KB that declare 100 megapixels. */
async function hundredMegapixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 200, g: 180, b: 150 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A phone camera's 4032×3024 JPEG (12 megapixels, fine grain). */
async function phonePhoto(): Promise<Buffer> {
  const raw = { width: 4032, height: 3024, channels: 3 } as const;
  const grain = await sharp(randomBytes(raw.width * raw.height * 3), { raw })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(grain, { raw }).jpeg({ quality: 90 }).toBuffer();
}

class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  async send(pathname: string, body: FormData | URLSearchParams): Promise<Response> {
    const response = await fetch(new URL(pathname, this.origin), {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Origin: this.origin, Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await response.arrayBuffer();
    return response;
  }

  forget(name: string) {
    this.cookies.delete(name);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const TEXT_FIELDS = 19;
const TEXT_FIELD_BYTES = 10 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

/**
 * The probe's post: `intent=upload` and 19 text fields of 10 MB in one multipart body, sent chunked
 * (no declared length) and stopped as soon as the server answers or closes. The status and how much was sent.
 */
function postTextFields(origin: string, pathname: string, cookie: string): Promise<{ status: number | string; sentMiB: number }> {
  const boundary = "bench-text-fields";
  const pieces: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n`)];
  const fieldPieces = (n: number) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note${n}"\r\n\r\n`),
    ...Array.from({ length: TEXT_FIELD_BYTES / CHUNK.length }, () => CHUNK),
    Buffer.from("\r\n"),
  ];
  for (let n = 0; n < TEXT_FIELDS; n++) pieces.push(...fieldPieces(n));
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const finish = (status: number | string) => {
      if (settled) return;
      settled = true;
      resolve({ status, sentMiB: sent / 1024 / 1024 });
    };
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: origin, Cookie: cookie };
    const req = request(new URL(pathname, origin), { method: "POST", headers }, (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => finish(`connection ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    let next = 0;
    const pump = () => {
      while (!settled && next < pieces.length) {
        const piece = pieces[next++]!;
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}

/** The probe's post to each upload form, alone and four at once from one customer, with the server's peak memory. */
async function textFieldProbes(server: BenchServer, service: BenchClient, pid: number) {
  const { origin } = server;
  const browser = await signedInBrowser(server, service);
  for (const pathname of ["/dashboard/gallery/upload", "/book/photos"]) {
    for (const count of [1, 4]) {
      if (pathname === "/book/photos") await startDraft(browser);
      resetPeak(pid);
      const before = memoryOf(pid);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: count }, () => postTextFields(origin, pathname, browser.cookieHeader)));
      const after = memoryOf(pid);
      console.log(
        `${count === 1 ? "one post" : `${count} posts at once`} of ${TEXT_FIELDS} text fields of 10 MiB to ${pathname}: ` +
          `${answers.map((answer) => `${answer.status} after ${answer.sentMiB.toFixed(0)} MiB sent`).join(", ")} in ${((performance.now() - started) / 1000).toFixed(2)} s; ` +
          `rss ${before.rssMiB.toFixed(0)} → peak ${after.peakMiB.toFixed(0)} MiB (+${(after.peakMiB - before.rssMiB).toFixed(0)})`,
      );
    }
  }
}

/** A new customer's browser, signed in: each customer may have only two posts read at once. */
async function signedInBrowser(server: BenchServer, service: BenchClient): Promise<Browser> {
  const customer = await createBenchCustomer(service, { label: "bench-photos", password: ADMIN.password });
  const browser = new Browser(server.origin);
  const signIn = await browser.send("/?index", new URLSearchParams({ intent: "login", email: customer.email, password: ADMIN.password, redirectTo: "" }));
  if (signIn.status !== 302) throw new Error(`sign-in answered ${signIn.status}`);
  return browser;
}

/** A fresh draft for this browser (the contact step answered), so ten photos fit. */
async function startDraft(browser: Browser) {
  browser.forget("booking_draft");
  const contact = await browser.send("/book", new URLSearchParams({ intent: "continue", fullName: "Bench Mark", email: ADMIN.email, phone: "4045550100" }));
  if (contact.status !== 302) throw new Error(`the contact step answered ${contact.status}`);
}

function uploadForm(photo: Buffer, count: number, type: string, extension: string): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  for (let n = 0; n < count; n++) form.append("photos", new File([new Uint8Array(photo)], `photo-${n + 1}.${extension}`, { type }));
  return form;
}

/** Three signed-in customers, each with a fresh draft, post ten copies of `photo` at the same moment. */
async function threeConcurrentPosts(server: BenchServer, service: BenchClient, pid: number, label: string, photo: Buffer, type: string, extension: string) {
  const browsers = await Promise.all([0, 1, 2].map(() => signedInBrowser(server, service)));
  for (const browser of browsers) await startDraft(browser);
  resetPeak(pid);
  const before = memoryOf(pid);
  const started = performance.now();
  const posts = Promise.all(
    browsers.map(async (browser) => {
      const response = await browser.send("/book/photos", uploadForm(photo, 10, type, extension));
      return { status: response.status, ms: performance.now() - started };
    }),
  );
  const [answers, latencies] = await Promise.all([posts, healthLatencies(server.origin, posts)]);
  const after = memoryOf(pid);
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `3 concurrent posts of 10 ${label} (${((photo.length * 10) / 1024 / 1024).toFixed(1)} MiB each): ` +
      `${answers.map((answer) => `${answer.status} in ${(answer.ms / 1000).toFixed(2)} s`).join(", ")}; ` +
      `rss ${before.rssMiB.toFixed(0)} → peak ${after.peakMiB.toFixed(0)} MiB (+${(after.peakMiB - before.rssMiB).toFixed(0)}); ` +
      `/healthz meanwhile: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0) ?? "-"} ms, max ${sorted.at(-1)?.toFixed(0) ?? "-"} ms`,
  );
}

// What the photos cost is measured, not the limits on them: every customer posts from one address,
// and the allowance of photos a minute is lifted. The limit on posts read at once stays.
const server = await startBenchServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BOOKING_ACTIONS_PER_MINUTE: "1000" });
const { origin } = server;
try {
  console.log(`server idle: rss ${memoryOf(server.process.pid!).rssMiB.toFixed(0)} MiB`);
  const { service } = await benchClients(server);
  await textFieldProbes(server, service, server.process.pid!);
  if (!process.argv.includes("--text-fields-only")) {
    const photo = await photoOfAlmost10MB();
    console.log(`photo: 6000×4000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MiB`);

    const browser = new Browser(origin);
    const signIn = await browser.send("/?index", new URLSearchParams({ intent: "login", email: ADMIN.email, password: ADMIN.password, redirectTo: "" }));
    if (signIn.status !== 302) throw new Error(`sign-in answered ${signIn.status}`);

    const pid = server.process.pid!;
    console.log(`server idle: rss ${memoryOf(pid).rssMiB.toFixed(0)} MiB`);
    for (const count of [1, 10]) {
      // A fresh draft for each run, so the ten fit.
      browser.forget("booking_draft");
      const contact = await browser.send("/book", new URLSearchParams({ intent: "continue", fullName: "Bench Mark", email: ADMIN.email, phone: "4045550100" }));
      if (contact.status !== 302) throw new Error(`the contact step answered ${contact.status}`);

      const form = new FormData();
      form.set("intent", "upload");
      for (let n = 0; n < count; n++) form.append("photos", new File([new Uint8Array(photo)], `photo-${n + 1}.jpg`, { type: "image/jpeg" }));
      resetPeak(pid);
      const before = memoryOf(pid);
      const started = performance.now();
      const upload = browser.send("/book/photos", form);
      const [response, latencies] = await Promise.all([upload, healthLatencies(origin, upload)]);
      const ms = performance.now() - started;
      const after = memoryOf(pid);
      const sorted = latencies.sort((a, b) => a - b);
      console.log(
        `${count} photo${count === 1 ? "" : "s"} (${((photo.length * count) / 1024 / 1024).toFixed(0)} MiB): ${response.status} → ${response.headers.get("location")} in ${(ms / 1000).toFixed(2)} s; ` +
          `rss ${before.rssMiB.toFixed(0)} → peak ${after.peakMiB.toFixed(0)} MiB (+${(after.peakMiB - before.rssMiB).toFixed(0)}); ` +
          `/healthz meanwhile: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0) ?? "-"} ms, max ${sorted.at(-1)?.toFixed(0) ?? "-"} ms (${sorted.length} calls)`,
      );
    }

    const bomb = await hundredMegapixelPng();
    console.log(`bomb: 10000×10000 PNG, ${(bomb.length / 1024).toFixed(0)} KiB`);
    await threeConcurrentPosts(server, service, pid, "100-megapixel PNGs", bomb, "image/png", "png");
    const phone = await phonePhoto();
    console.log(`phone photo: 4032×3024 JPEG, ${(phone.length / 1024 / 1024).toFixed(2)} MiB`);
    await threeConcurrentPosts(server, service, pid, "phone photos", phone, "image/jpeg", "jpg");
  }
} finally {
  await server.stop();
}
