// Events and their delivery to the webhook endpoint: signed as Stripe signs them, POSTed in the
// background, retried with back-off while the endpoint fails, a bounded number of times.

import { createHmac } from "node:crypto";
import type { StripeEmulatorConfig } from "./config.ts";
import { API_VERSION, newId, type EventObject, type StripeEvent } from "./objects.ts";
import type { DeliveryAttempt, EventRecord, Store } from "./store.ts";

/** The `Stripe-Signature` header for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`,
 *  keyed with the whole `whsec_…` string. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export interface EventRequest {
  /** The API request that caused the event; null when the customer did (paying on the checkout page, or time). */
  id: string | null;
  idempotency_key: string | null;
}

export interface Webhooks {
  /** Records an event (a snapshot of `object` now) and, with an endpoint, delivers it in the background. */
  emit(type: string, object: EventObject, request?: EventRequest): EventRecord;
  /** Every event kept, oldest first, with its delivery's outcome. */
  events(): readonly EventRecord[];
  /** Sends an event again: a new round of attempts with the full retry budget. Resolves when the round ends. */
  redeliver(eventId: string): Promise<EventRecord>;
  /** Resolves when no delivery is under way or waiting for a retry. */
  idle(): Promise<void>;
  /** Picks up deliveries a previous run left pending. */
  resume(): void;
  /** Stops retrying; attempts in flight get a short grace, then are abandoned. Undelivered events stay
   *  pending in the file and are sent again on the next start. */
  close(): Promise<void>;
}

/** How long close() lets an attempt in flight finish. */
const CLOSE_GRACE_MS = 2_000;

export function createWebhooks(config: StripeEmulatorConfig, store: Store): Webhooks {
  const runs = new Map<string, Promise<EventRecord>>();
  const inFlight = new Set<AbortController>();
  const sleepers = new Set<() => void>();
  let closing = false;
  let idleWaiters: Array<() => void> = [];

  function findEvent(id: string): EventRecord | undefined {
    return store.state.events.find((record) => record.event.id === id);
  }

  function start(record: EventRecord): Promise<EventRecord> {
    const running = runs.get(record.event.id);
    if (running) return running;
    const run = deliver(record).finally(() => {
      runs.delete(record.event.id);
      if (runs.size === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    });
    runs.set(record.event.id, run);
    return run;
  }

  async function deliver(record: EventRecord): Promise<EventRecord> {
    const url = config.webhookUrl;
    if (!url) return record;
    // The endpoint never hears of an event the emulator could forget in a crash (a failing disk is
    // reported to whoever saved; the event is still delivered from memory).
    await store.save().catch(() => {});
    const payload = JSON.stringify(record.event, null, 2);
    for (;;) {
      if (closing) return record;
      const attempt = await attemptOnce(url, payload);
      if (attempt === "cancelled") return record;
      record.delivery.attempts.push(attempt);
      const made = record.delivery.attempts.length - record.delivery.roundStart;
      if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) {
        record.delivery.state = "delivered";
        record.event.pending_webhooks = 0;
      } else if (made > config.retryDelaysMs.length) {
        record.delivery.state = "failed";
        config.log("warn", "gave up delivering a webhook event", {
          event: record.event.id,
          type: record.event.type,
          endpoint: endpointForLog(url),
          attempts: made,
          lastStatus: attempt.status,
          lastError: attempt.error,
        });
      } else {
        config.log("info", "webhook delivery failed; retrying", {
          event: record.event.id,
          type: record.event.type,
          status: attempt.status,
          error: attempt.error,
        });
      }
      store.changed();
      await store.save().catch(() => {});
      if (record.delivery.state !== "pending") return record;
      await sleep(config.retryDelaysMs[made - 1] ?? 0);
    }
  }

  async function attemptOnce(url: string, payload: string): Promise<DeliveryAttempt | "cancelled"> {
    const startedAt = config.now();
    const began = performance.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.deliveryTimeoutMs);
    inFlight.add(controller);
    const elapsed = () => Math.round(performance.now() - began);
    try {
      const response = await config.deliver(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          accept: "*/*; q=0.5, application/xml",
          "cache-control": "no-cache",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(payload, config.webhookSecret, Math.floor(config.now() / 1000)),
        },
        body: payload,
        // Stripe treats a redirect as a failure rather than following it.
        redirect: "manual",
        signal: controller.signal,
      });
      await response.body?.cancel().catch(() => {});
      return { at: startedAt, status: response.status, error: null, durationMs: elapsed() };
    } catch (error) {
      if (controller.signal.aborted && !timedOut) return "cancelled";
      const reason = timedOut ? `no answer within ${config.deliveryTimeoutMs} ms` : describeFailure(error);
      return { at: startedAt, status: null, error: reason, durationMs: elapsed() };
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  }

  function sleep(ms: number): Promise<void> {
    if (closing) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  return {
    emit(type, object, request = { id: null, idempotency_key: null }) {
      const event: StripeEvent = {
        id: newId.event(),
        object: "event",
        api_version: API_VERSION,
        created: Math.floor(config.now() / 1000),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: config.webhookUrl ? 1 : 0,
        request,
        type,
      };
      const record: EventRecord = {
        event,
        delivery: { state: config.webhookUrl ? "pending" : "none", attempts: [], roundStart: 0 },
      };
      store.state.events.push(record);
      store.changed();
      if (config.webhookUrl && !closing) void start(record);
      return record;
    },
    events: () => store.state.events,
    async redeliver(eventId) {
      const record = findEvent(eventId);
      if (!record) throw new Error(`No such event: '${eventId}'`);
      if (!config.webhookUrl) throw new Error("No webhook endpoint is configured (webhookUrl)");
      if (closing) throw new Error("The emulator is closed");
      const running = runs.get(eventId);
      if (running) return running;
      record.delivery.state = "pending";
      record.delivery.roundStart = record.delivery.attempts.length;
      record.event.pending_webhooks = 1;
      store.changed();
      return start(record);
    },
    idle() {
      if (runs.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    resume() {
      if (!config.webhookUrl) return;
      for (const record of store.state.events) if (record.delivery.state === "pending") void start(record);
    },
    async close() {
      closing = true;
      for (const wake of [...sleepers]) wake();
      if (inFlight.size > 0) {
        const grace = setTimeout(
          () => {
            for (const controller of inFlight) controller.abort();
          },
          Math.min(CLOSE_GRACE_MS, config.deliveryTimeoutMs),
        );
        await Promise.allSettled(runs.values());
        clearTimeout(grace);
      }
      await Promise.allSettled(runs.values());
    },
  };
}

/** The endpoint without query string or credentials, which may hold secrets. */
function endpointForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
