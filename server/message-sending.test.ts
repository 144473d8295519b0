import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SendReport } from "../app/services/message-sender.server.ts";
import { scheduleMessageSending } from "./message-sending.ts";

const SECOND = 1000;

function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: pino({}, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

const report = (sent = 0): SendReport => ({ sent, retried: 0, failed: 0, voided: 0, deferred: 0 });

/** A send that answers with the next report of `reports`, then with nothing to send. */
function sendsInTurn(...reports: SendReport[]) {
  return vi.fn(async () => reports.shift() ?? report());
}

/** A promise and the function that settles it, for a send the test finishes when it wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A sender that looks every 5 s, finds nothing to send, and runs `plan` at most once a minute. */
function lookingEveryFiveSecondsPlanningEveryMinute(plan: () => Promise<{ more: boolean }>) {
  return scheduleMessageSending({ send: sendsInTurn(), plan, logger: recordingLogger().logger, everyMs: 5 * SECOND, planEveryMs: 60 * SECOND });
}

describe("scheduleMessageSending", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends at once, batch after batch while there was something to send, then every few seconds", async () => {
    const send = sendsInTurn(report(20), report(20), report(3));
    const { lines, logger } = recordingLogger();
    const sending = scheduleMessageSending({ send, logger, everyMs: 5 * SECOND });
    await vi.advanceTimersByTimeAsync(0);
    // Three batches with messages, then one that found none.
    expect(send).toHaveBeenCalledTimes(4);
    expect(lines.filter((line) => line.msg === "messages sent").map((line) => line.sent)).toEqual([20, 20, 3]);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(send).toHaveBeenCalledTimes(5);
    await sending.stop();
    await vi.advanceTimersByTimeAsync(60 * SECOND);
    expect(send).toHaveBeenCalledTimes(5);
  });

  it("plans once a look, before its first batch, however many batches the look sends; a failed plan is logged and the look still sends", async () => {
    const order: string[] = [];
    const send = vi.fn(async () => {
      order.push("send");
      return send.mock.calls.length <= 2 ? report(20) : report();
    });
    let failPlan = false;
    const plan = vi.fn(async () => {
      order.push("plan");
      if (failPlan) throw new Error("database down");
      return { more: false };
    });
    const { lines, logger } = recordingLogger();
    const sending = scheduleMessageSending({ send, plan, logger, everyMs: 5 * SECOND });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["plan", "send", "send", "send"]);
    failPlan = true;
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(order.slice(4)).toEqual(["plan", "send"]);
    expect(lines.filter((line) => line.msg === "could not plan the reminders; trying again later")).toHaveLength(1);
    await sending.stop();
  });

  it("plans at the first look, then at the first look once planEveryMs has passed, while every look sends", async () => {
    const plan = vi.fn(async () => ({ more: false }));
    const send = vi.fn(async () => report());
    const sending = scheduleMessageSending({ send, plan, logger: recordingLogger().logger, everyMs: 5 * SECOND, planEveryMs: 60 * SECOND });
    await vi.advanceTimersByTimeAsync(0);
    expect(plan).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(55 * SECOND);
    expect(send).toHaveBeenCalledTimes(12);
    expect(plan).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(send).toHaveBeenCalledTimes(13);
    expect(plan).toHaveBeenCalledTimes(2);
    sending.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(14);
    expect(plan).toHaveBeenCalledTimes(2);
    await sending.stop();
  });

  it("plans again at the next look after a plan that failed, however recent", async () => {
    const plan = vi.fn<() => Promise<{ more: boolean }>>().mockRejectedValueOnce(new Error("database down")).mockResolvedValue({ more: false });
    const sending = lookingEveryFiveSecondsPlanningEveryMinute(plan);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(plan).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(50 * SECOND);
    expect(plan).toHaveBeenCalledTimes(2);
    await sending.stop();
  });

  it("plans again at the next look while a plan leaves more to plan", async () => {
    const plan = vi
      .fn<() => Promise<{ more: boolean }>>()
      .mockResolvedValueOnce({ more: true })
      .mockResolvedValueOnce({ more: true })
      .mockResolvedValue({ more: false });
    const sending = lookingEveryFiveSecondsPlanningEveryMinute(plan);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(plan).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(45 * SECOND);
    expect(plan).toHaveBeenCalledTimes(3);
    await sending.stop();
  });

  it("looks again right away when woken, once more after a look woken during it, and never two at once", async () => {
    const first = gate();
    let inFlight = 0;
    let most = 0;
    const send = vi.fn(async () => {
      most = Math.max(most, ++inFlight);
      if (send.mock.calls.length === 1) await first.opened;
      inFlight--;
      return report();
    });
    const sending = scheduleMessageSending({ send, logger: recordingLogger().logger, everyMs: 60 * SECOND });
    sending.wake();
    sending.wake();
    expect(send).toHaveBeenCalledTimes(1);
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    sending.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(3);
    expect(most).toBe(1);
    await sending.stop();
  });

  it("gives way before each look: it neither plans nor sends until the server's requests let it", async () => {
    const way = gate();
    const giveWay = vi.fn(() => way.opened);
    const plan = vi.fn(async () => ({ more: false }));
    const send = sendsInTurn(report(2));
    const sending = scheduleMessageSending({ send, plan, giveWay, logger: recordingLogger().logger, everyMs: 60 * SECOND });
    await vi.advanceTimersByTimeAsync(0);
    expect(giveWay).toHaveBeenCalledTimes(1);
    expect(plan).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    way.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(plan).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);
    await sending.stop();
  });

  it("logs a failed look and tries again at the next one", async () => {
    const send = vi
      .fn<() => Promise<SendReport>>()
      .mockRejectedValueOnce(new Error("database down"))
      .mockResolvedValueOnce(report(1))
      .mockResolvedValue(report());
    const { lines, logger } = recordingLogger();
    const sending = scheduleMessageSending({ send, logger, everyMs: 5 * SECOND });
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toMatchObject([{ msg: "could not send the due messages; trying again later", err: { message: "database down" } }]);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(lines.at(-1)).toMatchObject({ msg: "messages sent", sent: 1 });
    await sending.stop();
  });

  it("stops after the batch in flight has finished and been marked, claiming no other", async () => {
    const inFlight = gate();
    let finished = false;
    const send = vi.fn(async () => {
      await inFlight.opened;
      finished = true;
      return report(20);
    });
    const sending = scheduleMessageSending({ send, logger: recordingLogger().logger, everyMs: 5 * SECOND });
    let stopped = false;
    const stopping = sending.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    inFlight.open();
    await stopping;
    expect(finished).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
