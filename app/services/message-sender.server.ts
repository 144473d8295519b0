import type { Tables } from "../../supabase/types";
import type { AppSupabaseClient } from "./supabase.server";

// Sending the outbox, with the service role (no user sends mail): claim a batch of due messages,
// deliver each, a few at once, and mark each sent, queued again for a later attempt, or failed. The
// claim is a lease, so every server may send at once and each message goes to one of them; a
// message whose server stopped mid-send is claimed again once the lease is over.

/** A message as the outbox holds it: whom it is for, which kind, and the facts its template needs. */
export type OutboxMessage = Tables<"message_outbox">;

/**
 * What the mail server answered: accepted with its id, refused (for good, or for now), or not reached;
 * or the message was not sent yet because it may not go before `until` (the company's quiet hours).
 */
export type DeliveryOutcome =
  | { kind: "sent"; messageId: string }
  | { kind: "refused"; permanent: boolean; response: string }
  | { kind: "unreachable"; error: unknown }
  | { kind: "deferred"; until: Date };

export type Deliver = (message: OutboxMessage) => Promise<DeliveryOutcome>;

/** How long to wait after each failed attempt before the next; after the last attempt it fails for good. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;

/** How long a claimed batch is this server's: longer than the slowest delivery of a batch takes. */
const LEASE_SECONDS = 120;

/** How the sender reaches the outbox: claim due rows, then mark each. */
export interface MessageOutbox {
  claim(limit: number, leaseSeconds: number): Promise<OutboxMessage[]>;
  /** Marks the messages delivered in a batch, each with the provider's id, at once. */
  markSent(delivered: ReadonlyArray<{ id: number; providerMessageId: string }>): Promise<void>;
  /** Queued again for `retryAt`, or failed for good when it is null. */
  markFailed(id: number, error: string, retryAt: Date | null): Promise<void>;
  /** Queued again for `until`, the attempt not counted: it was not tried. */
  defer(id: number, until: Date): Promise<void>;
}

/** The outbox through the service role's database functions. */
export function messageOutbox(serviceRole: AppSupabaseClient): MessageOutbox {
  return {
    async claim(limit, leaseSeconds) {
      const { data, error } = await serviceRole.rpc("claim_due_messages", { p_limit: limit, p_lease_seconds: leaseSeconds });
      if (error) throw new Error(`could not claim due messages: ${error.message}`, { cause: error });
      return data;
    },
    async markSent(delivered) {
      const { error } = await serviceRole.rpc("mark_messages_sent", {
        p_ids: delivered.map(({ id }) => id),
        p_provider_message_ids: delivered.map(({ providerMessageId }) => providerMessageId),
      });
      if (error) throw new Error(`could not mark ${delivered.length} messages sent: ${error.message}`, { cause: error });
    },
    async markFailed(id, message, retryAt) {
      const { error } = await serviceRole.rpc("mark_message_failed", { p_id: id, p_error: message, p_retry_at: retryAt?.toISOString() });
      if (error) throw new Error(`could not mark message ${id} failed: ${error.message}`, { cause: error });
    },
    async defer(id, until) {
      const { error } = await serviceRole.rpc("defer_message", { p_id: id, p_until: until.toISOString() });
      if (error) throw new Error(`could not defer message ${id}: ${error.message}`, { cause: error });
    },
  };
}

/**
 * What one batch did: messages sent, queued again, failed for good, stale reminders voided, and
 * messages deferred to the end of quiet hours.
 */
export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
  voided: number;
  deferred: number;
}

/** The text kept with a failed attempt: the provider's answer, or why it could not be reached. */
function failureText(outcome: Extract<DeliveryOutcome, { kind: "refused" | "unreachable" }>): string {
  if (outcome.kind === "refused") return outcome.response;
  const { error } = outcome;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Delivers one claimed message; marks at once what failed, and returns the provider's id of what was
 * sent, for the batch to mark together.
 */
async function sendOne(
  outbox: MessageOutbox,
  deliver: Deliver,
  message: OutboxMessage,
  now: () => Date,
): Promise<"retried" | "failed" | "deferred" | { providerMessageId: string }> {
  let outcome: DeliveryOutcome;
  try {
    outcome = await deliver(message);
  } catch (error) {
    // A deliver that throws (a template, the network) is tried again like a server not reached.
    outcome = { kind: "unreachable", error };
  }
  if (outcome.kind === "sent") return { providerMessageId: outcome.messageId };
  if (outcome.kind === "deferred") {
    await outbox.defer(message.id, outcome.until);
    return "deferred";
  }
  // A permanent refusal (5xx) is final at once; anything else is tried again until the last attempt.
  const final = (outcome.kind === "refused" && outcome.permanent) || message.attempts >= MAX_ATTEMPTS;
  const retryAt = final ? null : new Date(now().getTime() + RETRY_AFTER_MS[Math.max(message.attempts, 1) - 1]!);
  await outbox.markFailed(message.id, failureText(outcome), retryAt);
  return final ? "failed" : "retried";
}

/**
 * Claims up to `batch` due messages and sends them, `concurrency` at a time; a failure is marked when
 * it happens, the messages sent are marked together once the batch is done (one commit a batch).
 * Stale reminders the claim voided are counted, never delivered. Throws when the outbox cannot be
 * claimed or marked; a message not marked keeps its lease and is claimed again once it is over.
 */
export async function sendDueMessages({
  outbox,
  deliver,
  now = () => new Date(),
  batch,
  concurrency = 4,
  giveWay,
}: {
  outbox: MessageOutbox;
  deliver: Deliver;
  now?: () => Date;
  batch: number;
  concurrency?: number;
  /** Awaited before each message: the server's requests in flight go first. */
  giveWay?: () => Promise<void>;
}): Promise<SendReport> {
  const claimed = await outbox.claim(batch, LEASE_SECONDS);
  const report: SendReport = { sent: 0, retried: 0, failed: 0, voided: 0, deferred: 0 };
  const toSend = claimed.filter((message) => {
    if (message.status !== "void") return true;
    report.voided++;
    return false;
  });
  const delivered: Array<{ id: number; providerMessageId: string }> = [];
  let next = 0;
  const worker = async () => {
    while (next < toSend.length) {
      if (giveWay) await giveWay();
      if (next >= toSend.length) return;
      const message = toSend[next++]!;
      const outcome = await sendOne(outbox, deliver, message, now);
      if (typeof outcome === "string") report[outcome]++;
      else delivered.push({ id: message.id, ...outcome });
    }
  };
  // Every worker finishes its messages, and what was delivered is marked, before a database error is thrown.
  const workers = await Promise.allSettled(Array.from({ length: Math.min(concurrency, toSend.length) }, worker));
  if (delivered.length > 0) await outbox.markSent(delivered);
  report.sent = delivered.length;
  for (const settled of workers) if (settled.status === "rejected") throw settled.reason;
  return report;
}
