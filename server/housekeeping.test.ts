import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HousekeepingReport } from "../app/services/housekeeping.server.ts";
import { runHousekeeping, type HousekeepingTask } from "../app/services/housekeeping.server.ts";
import type { AppSupabaseClient } from "../app/services/supabase.server.ts";
import { scheduleHousekeeping } from "./housekeeping.ts";

const HOUR = 60 * 60 * 1000;

function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: pino({}, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

const report = (removed: HousekeepingReport["removed"] = {}): HousekeepingReport => ({ removed, failed: [] });

describe("scheduleHousekeeping", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("looks at once and then every hour, runs only when this server claims the day's run, and logs what it removed", async () => {
    // Claimed at start, then not for the next 23 looks (another server's or this one's claim is younger), then again.
    const claims = [true, ...Array<boolean>(23).fill(false), true];
    const claim = vi.fn(async () => claims.shift() ?? false);
    const run = vi.fn(async () => report({ stripeEvents: { rows: 4 } }));
    const { lines, logger } = recordingLogger();
    const schedule = scheduleHousekeeping({ claim, run, logger, everyMs: HOUR });
    await vi.advanceTimersByTimeAsync(0);
    expect(claim).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(23 * HOUR);
    expect(claim).toHaveBeenCalledTimes(24);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(run).toHaveBeenCalledTimes(2);
    expect(lines.filter((line) => line.msg === "housekeeping done")).toMatchObject([
      { removed: { stripeEvents: { rows: 4 } }, failed: [] },
      { removed: { stripeEvents: { rows: 4 } }, failed: [] },
    ]);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(claim).toHaveBeenCalledTimes(25);
  });

  it("logs each failed task by name beside what the others removed", async () => {
    const run = async (): Promise<HousekeepingReport> => ({
      removed: { stripeEvents: { rows: 1 } },
      failed: [{ task: "orphanedFiles", error: new Error("storage away") }],
    });
    const { lines, logger } = recordingLogger();
    const schedule = scheduleHousekeeping({ claim: async () => true, run, logger, everyMs: HOUR });
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toMatchObject([
      { level: 50, task: "orphanedFiles", err: { message: "storage away" }, msg: "a housekeeping task failed; it runs again with the next day's housekeeping" },
      { level: 30, removed: { stripeEvents: { rows: 1 } }, failed: ["orphanedFiles"], msg: "housekeeping done" },
    ]);
    await schedule.stop();
  });

  it("keeps looking after a claim fails, which it logs", async () => {
    const claim = vi.fn<() => Promise<boolean>>().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(true);
    const run = vi.fn(async () => report());
    const { lines, logger } = recordingLogger();
    const schedule = scheduleHousekeeping({ claim, run, logger, everyMs: HOUR });
    await vi.advanceTimersByTimeAsync(0);
    expect(lines.map((line) => line.msg)).toEqual(["could not run the housekeeping; trying again later"]);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(run).toHaveBeenCalledTimes(1);
    await schedule.stop();
  });

  it("never starts a run while the last one is going, and stopping tells it to stop and waits for it", async () => {
    let finish!: () => void;
    let signal!: AbortSignal;
    const run = vi.fn((stopping: AbortSignal) => {
      signal = stopping;
      return new Promise<HousekeepingReport>((resolve) => (finish = () => resolve(report())));
    });
    const schedule = scheduleHousekeeping({ claim: async () => true, run, logger: pino({ level: "silent" }), everyMs: 1_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("does not keep the process alive", () => {
    const setInterval = vi.spyOn(globalThis, "setInterval");
    const schedule = scheduleHousekeeping({ claim: async () => false, run: async () => report(), logger: pino({ level: "silent" }), everyMs: HOUR });
    const timer = setInterval.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    void schedule.stop();
  });
});

describe("runHousekeeping", () => {
  const client = {} as AppSupabaseClient;

  it("runs every task in order; one that fails is reported and the next one runs", async () => {
    const ran: string[] = [];
    const task = (name: string, result: () => Promise<Record<string, number>>): HousekeepingTask => ({
      name,
      run: () => {
        ran.push(name);
        return result();
      },
    });
    const failure = new Error("database away");
    const result = await runHousekeeping(client, {
      tasks: [task("first", async () => ({ rows: 1 })), task("second", () => Promise.reject(failure)), task("third", async () => ({ files: 2 }))],
    });
    expect(ran).toEqual(["first", "second", "third"]);
    expect(result).toEqual({ removed: { first: { rows: 1 }, third: { files: 2 } }, failed: [{ task: "second", error: failure }] });
  });

  it("starts no further task once the server is stopping", async () => {
    const stop = new AbortController();
    const second = vi.fn(async () => ({ rows: 1 }));
    const result = await runHousekeeping(client, {
      stopping: stop.signal,
      tasks: [
        {
          name: "first",
          run: async () => {
            stop.abort();
            return { rows: 3 };
          },
        },
        { name: "second", run: second },
      ],
    });
    expect(second).not.toHaveBeenCalled();
    expect(result.removed).toEqual({ first: { rows: 3 } });
  });
});
