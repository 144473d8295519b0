import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsPurge } from "../app/load-context.ts";
import { scheduleAnalyticsPurge } from "./analytics-retention.ts";

const DAY = 24 * 60 * 60 * 1000;

function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: pino({}, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

describe("scheduleAnalyticsPurge", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("purges at once, then once a day, and logs what it deleted", async () => {
    const purge = vi.fn(async (): Promise<AnalyticsPurge> => ({ eventsDeleted: 3, saltsDeleted: 1 }));
    const { lines, logger } = recordingLogger();
    const schedule = scheduleAnalyticsPurge({ purge, logger, everyMs: DAY });
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY - 1);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(DAY);
    expect(purge).toHaveBeenCalledTimes(3);
    expect(lines.filter((line) => line.msg === "deleted website analytics past their retention")).toMatchObject([
      { eventsDeleted: 3, saltsDeleted: 1 },
      { eventsDeleted: 3, saltsDeleted: 1 },
      { eventsDeleted: 3, saltsDeleted: 1 },
    ]);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(3 * DAY);
    expect(purge).toHaveBeenCalledTimes(3);
  });

  it("keeps going after a failure, which it logs", async () => {
    const purge = vi
      .fn<() => Promise<AnalyticsPurge>>()
      .mockRejectedValueOnce(new Error("database away"))
      .mockResolvedValue({ eventsDeleted: 0, saltsDeleted: 0 });
    const { lines, logger } = recordingLogger();
    const schedule = scheduleAnalyticsPurge({ purge, logger, everyMs: DAY });
    await vi.advanceTimersByTimeAsync(0);
    expect(lines.map((line) => line.msg)).toEqual(["could not delete old website analytics; trying again later"]);
    await vi.advanceTimersByTimeAsync(DAY);
    expect(purge).toHaveBeenCalledTimes(2);
    // Nothing deleted: nothing said.
    expect(lines).toHaveLength(1);
    await schedule.stop();
  });

  it("never starts a purge while the last one is still running, and stopping waits for it", async () => {
    let finish!: () => void;
    const purge = vi.fn(() => new Promise<AnalyticsPurge>((resolve) => (finish = () => resolve({ eventsDeleted: 0, saltsDeleted: 0 }))));
    const schedule = scheduleAnalyticsPurge({ purge, logger: pino({ level: "silent" }), everyMs: 1_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(purge).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("does not keep the process alive", () => {
    const setInterval = vi.spyOn(globalThis, "setInterval");
    const schedule = scheduleAnalyticsPurge({ purge: async () => ({ eventsDeleted: 0, saltsDeleted: 0 }), logger: pino({ level: "silent" }), everyMs: DAY });
    const timer = setInterval.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    void schedule.stop();
  });
});
