// The wizard's first step in the browser at Lighthouse's 4x CPU slowdown: its modules' evaluation and
// compilation as the page starts, then its first check (an email field left wrong, which builds the
// step's schema on first use). With BESIDE=<another checkout, built>, that build is served too and the
// two are loaded in turns, run by run: on this machine the speed drifts by more, minute to minute,
// than the difference between two builds, so only loads made side by side compare.
import { chromium, expect } from "@playwright/test";
import { startBenchServer, type BenchServer } from "./support/server.ts";

type TraceEvent = { name: string; ph: string; dur?: number; args?: { data?: { type?: string } } };

const RUNS = Number(process.env.RUNS ?? 15);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const builds = [process.cwd(), ...(process.env.BESIDE ? [process.env.BESIDE] : [])];
const here = process.cwd();
const servers: BenchServer[] = [];
for (const dir of builds) {
  // The server starts from the checkout's own build/server.js.
  process.chdir(dir);
  servers.push(await startBenchServer());
}
process.chdir(here);

const figures: Array<Record<string, number[]>> = builds.map(() => ({}));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
try {
  for (let run = 0; run <= RUNS; run++) {
    // Each build first in every other run, so neither always follows the other.
    const order = builds.map((_, index) => (run % 2 === 0 ? index : builds.length - 1 - index));
    for (const index of order) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await browser.startTracing(page, { categories: ["devtools.timeline", "v8", "disabled-by-default-devtools.timeline"] });
      await page.goto(`${servers[index]!.origin}/book`);
      // Hydrated: the header's menu link has become the dialog's button.
      await page.locator("button[aria-label='Open menu']").waitFor({ state: "attached" });
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Email").press("Tab");
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Valid email address is required");
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      await context.close();
      // The first round warms the servers and the browser's cache.
      if (run === 0) continue;
      const timed = traceEvents.filter((event) => event.ph === "X" && event.dur !== undefined);
      const total = (name: string, type?: string) =>
        timed.filter((event) => event.name === name && (type === undefined || event.args?.data?.type === type)).reduce((sum, event) => sum + event.dur!, 0) /
        1000;
      const record = (label: string, value: number) => (figures[index]![label] ??= []).push(value);
      record("module evaluation", total("v8.evaluateModule"));
      record("module compilation", total("v8.compileModule"));
      record("first check (the field's focusout)", total("EventDispatch", "focusout"));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`The contact step at 4x CPU slowdown, ${RUNS} loads each (median, min to max):`);
  builds.forEach((dir, index) => {
    console.log(`  ${dir}`);
    for (const [label, values] of Object.entries(figures[index]!)) {
      console.log(`    ${label}: ${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)} to ${Math.max(...values).toFixed(1)})`);
    }
  });
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
