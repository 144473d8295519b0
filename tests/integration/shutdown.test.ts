import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, type SpawnedServer } from "../e2e/support/spawn-server.ts";

// The production build (`npm run build` first) under 20 clients that keep their connections open,
// stopped with SIGTERM as an orchestrator stops it: /readyz turns 503 while pages are still served,
// no request the server accepted is lost, the process exits 0 within 10 s, and the analytics events
// accepted before the stop are in the database when it starts again.

/** Short, to keep the test fast, yet long enough for a busy machine to answer the readiness probe within it. */
const DRAIN_SECONDS = 2;
const CLIENTS = 20;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** How long a slow client takes to send its beacon's body once its headers are out. */
const SLOW_BODY_MS = 300;

interface Outcome {
  kind: "page" | "file" | "beacon";
  /** The status line, when one came. */
  status?: number;
  /** The body arrived whole. */
  complete: boolean;
  /** No answer at all: refused, reset, or hung up before a status line. */
  connectionError?: string;
  endedAt: number;
}

let dataDir: string;
let server: SpawnedServer | undefined;
let assetPath: string;

beforeAll(() => {
  if (!existsSync("build/server.js")) throw new Error("run `npm run build` first: this test starts the production build");
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-shutdown-"));
  const assets = readdirSync("build/client/assets").filter((file) => file.endsWith(".js"));
  const largest = assets.sort((a, b) => statSync(path.join("build/client/assets", b)).size - statSync(path.join("build/client/assets", a)).size)[0]!;
  assetPath = `/assets/${largest}`;
});

afterAll(async () => {
  if (server?.process.exitCode === null) {
    server.process.kill("SIGKILL");
    await once(server.process, "exit");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One request on the client's own keep-alive agent; its outcome, never a rejection. */
function send(base: URL, agent: Agent, kind: Outcome["kind"], userAgent: string, bodyReleased?: Promise<void>): Promise<Outcome> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let settled = false;
    const settle = (fields: Omit<Outcome, "kind" | "endedAt" | "status">) => {
      if (settled) return;
      settled = true;
      resolve({ kind, status, endedAt: Date.now(), ...fields });
    };
    const body = kind === "beacon" ? JSON.stringify({ session_id: "s-shutdown", page_path: "/book/details", event_type: "page_view" }) : undefined;
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        agent,
        method: body ? "POST" : "GET",
        path: kind === "page" ? "/" : kind === "file" ? assetPath : "/api/analytics",
        headers: { "user-agent": userAgent, ...(body ? { "content-type": "text/plain", "content-length": Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        status = response.statusCode;
        response.resume();
        response.on("end", () => settle({ complete: true }));
        response.on("close", () => settle({ complete: response.complete }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      settle(status === undefined ? { complete: false, connectionError: error.code ?? error.message } : { complete: false }),
    );
    if (!body) return void request.end();
    // A slow client: the request is on its way, its body follows a moment later.
    request.flushHeaders();
    void (bodyReleased ?? new Promise((resolve) => setTimeout(resolve, SLOW_BODY_MS))).then(() => request.end(body));
  });
}

/** When the server logged that it stopped accepting connections, and how many requests it was answering then. */
function listenerClosed(output: string): { time: number; inFlight: number } | undefined {
  const line = output.split("\n").find((entry) => entry.includes("no longer accepting connections"));
  return line ? (JSON.parse(line) as { time: number; inFlight: number }) : undefined;
}

describe("stopping with SIGTERM under load", () => {
  it("drains, then finishes every request it accepted, writes the accepted events and exits 0 within 10 s", async () => {
    server = await spawnServer({ dataDir, env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), LOG_LEVEL: "info" } });
    const base = new URL(server.base.replace("localhost", "127.0.0.1"));
    const child = server.process;
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    let running = true;
    void exited.then(() => (running = false));

    const beaconAgent = `${BROWSER} shutdown/${randomUUID()}`;
    const outcomes: Outcome[] = [];
    let answeredBeforeSignal = 0;
    let loadTurnedOn = () => {};
    const loadIsOn = new Promise<void>((resolve) => (loadTurnedOn = resolve));
    const client = async (index: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let turn = index; running; turn++) {
        const kind = turn % 4 === 0 ? "beacon" : turn % 7 === 0 ? "file" : "page";
        const result = await send(base, agent, kind, kind === "beacon" ? beaconAgent : "shutdown-test-client");
        outcomes.push(result);
        if (result.status === 200 && ++answeredBeforeSignal === CLIENTS * 3) loadTurnedOn();
        // A client that met a closed door tries again a moment later, as a load balancer's retry would.
        if (result.connectionError) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      agent.destroy();
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));

    // Load is on: the clients have been answered a few times each.
    await loadIsOn;
    // A beacon begun before the signal whose body comes only once the listener has closed. (Begun
    // during the drain instead, on a loaded machine it could reach the door after it closed.)
    let releaseBody = () => {};
    const held = send(base, new Agent(), "beacon", beaconAgent, new Promise<void>((resolve) => (releaseBody = resolve)));
    const signalledAt = Date.now();
    child.kill("SIGTERM");

    // Readiness turns 503 first, while pages are still served.
    const readiness = () => fetch(new URL("/readyz", base)).then(async (response) => (await response.arrayBuffer(), response.status));
    while ((await readiness()) !== 503);
    const pageDuringDrain = await send(base, new Agent(), "page", "probe");
    expect(pageDuringDrain).toMatchObject({ status: 200, complete: true });
    while (!listenerClosed(server.output())) await new Promise((resolve) => setTimeout(resolve, 20));
    releaseBody();
    const heldOutcome = await held;
    outcomes.push(heldOutcome);
    expect(heldOutcome).toMatchObject({ status: 204, complete: true });

    const [code] = await exited;
    const exitedAt = Date.now();
    await Promise.all(clients);
    const closed = listenerClosed(server.output());
    const closedAt = closed?.time;

    expect(code).toBe(0);
    expect(exitedAt - signalledAt).toBeLessThan(10_000);
    expect(closedAt).toBeDefined();
    // The page above was answered before the listener closed: the drain served while /readyz said 503.
    expect(pageDuringDrain.endedAt).toBeLessThan(closedAt!);

    // Every request that got a status line got a whole, successful answer.
    const answered = outcomes.filter((outcome) => outcome.status !== undefined);
    expect(answered.filter((outcome) => !outcome.complete || outcome.status! < 200 || outcome.status! >= 400)).toEqual([]);
    // No connection was refused or dropped before the listener closed.
    const failed = outcomes.filter((outcome) => outcome.connectionError);
    expect(failed.filter((outcome) => outcome.endedAt < closedAt!)).toEqual([]);

    const servedDuringDrain = answered.filter((outcome) => outcome.endedAt >= signalledAt && outcome.endedAt < closedAt!).length;
    console.info(
      `drain ${DRAIN_SECONDS} s: ${answered.length} requests answered, ${servedDuringDrain} during the drain, ` +
        `${closed!.inFlight} in flight when the listener closed; ` +
        `${failed.filter((outcome) => outcome.endedAt < closedAt!).length} connection errors before it closed, ${failed.length} after; ` +
        `exit ${exitedAt - signalledAt} ms after SIGTERM; ` +
        `${failed.filter((outcome) => outcome.connectionError === "ECONNREFUSED").length} of them refused`,
    );

    // Every beacon answered 204 is in the database the next process opens.
    const accepted = answered.filter((outcome) => outcome.kind === "beacon").length;
    expect(accepted).toBeGreaterThan(0);
    server = await spawnServer({ dataDir, env: { SHUTDOWN_DRAIN_SECONDS: "0" } });
    const service = await server.serviceClient();
    const { count, error } = await service.from("website_analytics").select("*", { count: "exact", head: true }).eq("user_agent", beaconAgent);
    expect(error).toBeNull();
    expect(count).toBe(accepted);
    server.process.kill("SIGTERM");
    expect((await once(server.process, "exit"))[0]).toBe(0);
  }, 90_000);

  it("cuts a request that outlasts the stop's time and still exits 0 within 10 s", async () => {
    server = await spawnServer({ dataDir, env: { SHUTDOWN_DRAIN_SECONDS: "0", LOG_LEVEL: "warn" } });
    const base = new URL(server.base.replace("localhost", "127.0.0.1"));
    // A client that sends its headers and never its body: the server would wait for it for ever.
    const stuck = httpRequest({
      host: base.hostname,
      port: base.port,
      method: "POST",
      path: "/api/analytics",
      headers: { "content-type": "text/plain", "content-length": 100, "user-agent": BROWSER },
    });
    const cut = new Promise<string>((resolve) => stuck.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)));
    stuck.flushHeaders();
    // Wait until the server holds the request: /healthz answers once the headers were read before it.
    await fetch(new URL("/healthz", base)).then((response) => response.arrayBuffer());
    const exited = once(server.process, "exit");
    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(await cut).toBe("ECONNRESET");
    expect(server.output()).toContain("requests still running when the stop's time ran out: cut");
  }, 60_000);
});
