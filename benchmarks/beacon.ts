// The analytics beacon under load: 50 concurrent clients send page beacons for 30 s to the
// production build on loopback; prints accepted events/s, the endpoint's latency (p50, p99), and
// whether the stored count equals the accepted count once the batches are written. Then the
// landing page's p50 with the server-side page view recorded and without it (a bot's request,
// which the recorder skips at once).
// Usage: npm run build && npm run bench:beacon   (CONNECTIONS and DURATION_SECONDS change the load)
import { Agent, request } from "node:http";
import { benchClients } from "./support/clients.ts";
import { startBenchServer } from "./support/server.ts";
import { percentile } from "./support/statistics.ts";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.DURATION_SECONDS ?? 30);
const LANDING_ROUNDS = 300;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Loopback is one address: lift the per-address limit for the run.
const server = await startBenchServer({ ANALYTICS_EVENTS_PER_MINUTE: "1000000000" });
try {
  const { service } = await benchClients(server);
  const storedEvents = async () => {
    // The beacons sent are exits; the landing loads above recorded page views.
    const { count, error } = await service.from("website_analytics").select("*", { count: "exact", head: true }).eq("event_type", "page_exit");
    if (error) throw error;
    return count ?? 0;
  };

  // The landing page, sequential, with and without its page view, alternating so both see the same machine.
  const timeOf = async (userAgent: string) => {
    const started = performance.now();
    const response = await fetch(`${server.origin}/`, { headers: { "user-agent": userAgent, accept: "text/html" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/ answered ${response.status}`);
    return performance.now() - started;
  };
  for (let round = 0; round < 50; round++) await timeOf(round % 2 ? BROWSER : BOT);
  const counted: number[] = [];
  const skipped: number[] = [];
  for (let round = 0; round < LANDING_ROUNDS; round++) {
    counted.push(await timeOf(BROWSER));
    skipped.push(await timeOf(BOT));
  }
  const [withView, withoutView] = [percentile(counted, 0.5), percentile(skipped, 0.5)];
  console.log(
    `GET / (${LANDING_ROUNDS} loads each, sequential): p50 ${withView.toFixed(2)} ms with the page view recorded, ` +
      `${withoutView.toFixed(2)} ms without: ${(withView - withoutView).toFixed(2)} ms added`,
  );

  const before = await storedEvents();
  const body = JSON.stringify({
    session_id: "bench-session-0001",
    page_path: "/book/details?draft=1",
    event_type: "page_exit",
    time_on_page: 42,
    viewport_width: 390,
    viewport_height: 844,
    referrer: "https://www.google.com/",
  });
  console.log(`sending beacons from ${CONNECTIONS} concurrent clients for ${SECONDS} s…`);
  const load = await sendBeacons(`${server.origin}/api/analytics`, body, CONNECTIONS, SECONDS * 1000);
  const accepted = load.statuses.get(204) ?? 0;
  const others = [...load.statuses].filter(([status]) => status !== 204);
  console.log(
    `POST /api/analytics: ${(accepted / load.seconds).toFixed(0)} accepted events/s over ${load.seconds.toFixed(1)} s, latency p50 ${percentile(load.latencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(load.latencies, 0.99).toFixed(1)} ms, max ${load.latencies.reduce((longest, latency) => Math.max(longest, latency), 0).toFixed(1)} ms; other answers ${JSON.stringify(Object.fromEntries(others))}, errors ${load.errors}`,
  );

  // The batches are written within seconds: wait until the count stops moving.
  const settleStarted = performance.now();
  let stored = (await storedEvents()) - before;
  for (let unchanged = 0; stored !== accepted && unchanged < 10;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = (await storedEvents()) - before;
    unchanged = now === stored ? unchanged + 1 : 0;
    stored = now;
  }
  console.log(
    `stored ${stored.toLocaleString("en-US")} of ${accepted.toLocaleString("en-US")} accepted events ` +
      `(${stored === accepted ? "equal, nothing lost" : `${accepted - stored} missing`}), all written ${((performance.now() - settleStarted) / 1000).toFixed(1)} s after the load ended`,
  );
} finally {
  await server.stop();
}

/**
 * `connections` clients, each sending the next beacon when the last was answered, until `ms` have
 * passed; every request sent is waited for, so the answers counted are all the server gave.
 */
async function sendBeacons(url: string, body: string, connections: number, ms: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + ms;
  const one = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const outgoing = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, "content-length": Buffer.byteLength(body) },
        },
        (incoming) => {
          incoming.resume();
          incoming.on("end", () => {
            latencies.push(performance.now() - sent);
            statuses.set(incoming.statusCode!, (statuses.get(incoming.statusCode!) ?? 0) + 1);
            resolve();
          });
        },
      );
      outgoing.on("error", () => {
        errors += 1;
        resolve();
      });
      outgoing.end(body);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  agent.destroy();
  return { statuses, latencies, errors, seconds: (performance.now() - started) / 1000 };
}
