import { setImmediate as afterWaitingIo } from "node:timers/promises";
import type { RequestHandler } from "express";

/** The longest background work waits for the requests in flight, per step: mail is delayed, never held up. */
export const LONGEST_WAIT_MS = 200;

/**
 * The requests this server is answering, so that work nobody waits on (the message sender's emails and
 * reminders) gives way to them: a customer waiting on a page comes before an email that can go a few
 * milliseconds later. The work still gets its turn under constant load, after at most `maxWaitMs` a step.
 */
export interface RequestsInFlight {
  /** Counts each request from its arrival until its answer is written or its connection closes. */
  middleware: RequestHandler;
  /**
   * Resolves once no request is in flight, judged after the I/O already waiting (a request that has
   * just arrived) has been read, or after `maxWaitMs` whatever. Callers go one at a time, so a batch
   * of work takes one step per quiet moment, not all of them at once.
   */
  giveWay(maxWaitMs?: number): Promise<void>;
}

export function trackRequestsInFlight(): RequestsInFlight {
  let inFlight = 0;
  let waiting: Array<() => void> = [];
  const quiet = () => {
    const waiters = waiting;
    waiting = [];
    for (const wake of waiters) wake();
  };
  const untilQuietOr = (deadline: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      timer.unref();
      waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  let turns: Promise<void> = Promise.resolve();
  return {
    middleware(_request, response, next) {
      inFlight++;
      response.once("close", () => {
        inFlight--;
        if (inFlight === 0) quiet();
      });
      next();
    },
    giveWay(maxWaitMs = LONGEST_WAIT_MS) {
      const turn = turns.then(async () => {
        const deadline = Date.now() + maxWaitMs;
        await afterWaitingIo();
        while (inFlight > 0 && Date.now() < deadline) {
          await untilQuietOr(deadline);
          await afterWaitingIo();
        }
      });
      turns = turn;
      return turn;
    },
  };
}
