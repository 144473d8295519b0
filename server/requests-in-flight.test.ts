import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { trackRequestsInFlight, type RequestsInFlight } from "./requests-in-flight.ts";

/** A request arriving through the middleware; `answer` closes its response. */
function arrive(requests: RequestsInFlight) {
  const response = new EventEmitter();
  let passedOn = false;
  requests.middleware({} as Request, response as unknown as Response, () => (passedOn = true));
  expect(passedOn).toBe(true);
  return { answer: () => response.emit("close") };
}

/** Whether `promise` has settled once the I/O and timers due now have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe("trackRequestsInFlight", () => {
  it("lets work go at once when no request is in flight", async () => {
    expect(await settledSoon(trackRequestsInFlight().giveWay())).toBe(true);
  });

  it("holds work back until the requests in flight are answered", async () => {
    const requests = trackRequestsInFlight();
    const first = arrive(requests);
    const second = arrive(requests);
    const work = requests.giveWay(60_000);
    expect(await settledSoon(work)).toBe(false);
    first.answer();
    expect(await settledSoon(work)).toBe(false);
    second.answer();
    expect(await settledSoon(work)).toBe(true);
  });

  it("lets work go after the longest wait when requests never stop", async () => {
    const requests = trackRequestsInFlight();
    arrive(requests);
    const started = performance.now();
    const work = requests.giveWay(40);
    expect(await settledSoon(work)).toBe(false);
    await work;
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it("lets one step through a quiet moment: a request arriving as it starts holds back the next", async () => {
    const requests = trackRequestsInFlight();
    let arrived: ReturnType<typeof arrive> | undefined;
    const first = requests.giveWay(60_000).then(() => (arrived = arrive(requests)));
    const second = requests.giveWay(60_000);
    await first;
    expect(await settledSoon(second)).toBe(false);
    arrived!.answer();
    expect(await settledSoon(second)).toBe(true);
  });
});
