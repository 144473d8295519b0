import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendDueMessages, type Deliver, type MessageOutbox } from "../../app/services/message-sender.server.ts";
import { SERVICE_ROLE, asSuperuser, copyOfTemplate, interleaved, type CallerTransaction, type TestDatabase } from "./support/database.ts";
import { QUEUE_DUE_MESSAGES, serviceRoleOutbox } from "./support/message-outbox.ts";

// Every server sends from the one outbox: each claims due messages through
// public.claim_due_messages (for update skip locked), so two senders working through the same due
// rows at the same time deliver each message exactly once, and neither waits for the other.

/** The natural claim that sends twice: pick the due rows, then mark them, without locking what was picked. */
const UNLOCKED_CLAIM = `
create or replace function public.claim_due_messages(p_limit integer, p_lease_seconds integer)
returns setof public.message_outbox
language sql
security definer
set search_path = ''
as $$
  update public.message_outbox m
  set status = 'sending', claimed_until = now() + make_interval(secs => p_lease_seconds), attempts = m.attempts + 1
  where m.id in (select d.id from public.message_outbox d where d.status = 'queued' and d.due_at <= now() order by d.id limit p_limit)
  returning m.*;
$$;`;

const claim = (caller: CallerTransaction) => caller.query<{ id: string }>("select id from public.claim_due_messages(200, 60)");

let database: TestDatabase;
let weakened: TestDatabase;

beforeAll(async () => {
  [database, weakened] = await Promise.all([copyOfTemplate(), copyOfTemplate(UNLOCKED_CLAIM)]);
});

afterAll(async () => {
  await Promise.all([database?.drop(), weakened?.drop()]);
});

beforeEach(async () => {
  for (const { url } of [database, weakened])
    await asSuperuser(url, async (client) => {
      await client.query("delete from public.message_outbox");
      await client.query(QUEUE_DUE_MESSAGES, [200]);
    });
});

const statuses = (url: string) =>
  asSuperuser(
    url,
    async (client) =>
      (
        await client.query<{ status: string; attempts: number; count: number }>(
          "select status, attempts, count(*)::int from public.message_outbox group by 1, 2",
        )
      ).rows,
  );

/** Sends batch after batch until a claim finds nothing, counting each delivery by message id. */
async function sendUntilEmpty(outbox: MessageOutbox, deliveries: Map<number, number>): Promise<number> {
  let delivered = 0;
  const deliver: Deliver = async (message) => {
    deliveries.set(message.id, (deliveries.get(message.id) ?? 0) + 1);
    delivered++;
    // Hands the turn to the other sender, as a real delivery's network wait would.
    await new Promise((resolve) => setImmediate(resolve));
    return { kind: "sent", messageId: `<${message.id}@catcher.local>` };
  };
  for (;;) {
    const report = await sendDueMessages({ outbox, deliver, batch: 10 });
    if (report.sent + report.retried + report.failed + report.voided === 0) return delivered;
  }
}

describe("due messages claimed by several senders at once", () => {
  it("are delivered exactly once each by two senders on two connections working through the same 200 rows", async () => {
    const senders = await Promise.all([serviceRoleOutbox(database.url), serviceRoleOutbox(database.url)]);
    const deliveries = new Map<number, number>();
    try {
      const delivered = await Promise.all(senders.map(({ outbox }) => sendUntilEmpty(outbox, deliveries)));
      expect(deliveries.size).toBe(200);
      expect([...deliveries.values()].every((times) => times === 1)).toBe(true);
      expect(delivered[0]! + delivered[1]!).toBe(200);
      // Both took part: the rows were shared between them, not sent by one while the other waited.
      expect(delivered.every((count) => count > 0)).toBe(true);
    } finally {
      await Promise.all(senders.map((sender) => sender.close()));
    }
    expect(await statuses(database.url)).toEqual([{ status: "sent", attempts: 1, count: 200 }]);
  });

  it("are skipped, not waited for, while another sender's claim is uncommitted", async () => {
    const [first, second] = await interleaved(database.url, [SERVICE_ROLE, SERVICE_ROLE], claim);
    expect([first, second].map((outcome) => (outcome.ok ? outcome.rows.length : outcome.error.message))).toEqual([200, 0]);
  });

  it("are claimed twice under the same interleaving when the claim does not lock what it picked (the race skip locked closes)", async () => {
    const [first, second] = await interleaved(weakened.url, [SERVICE_ROLE, SERVICE_ROLE], claim);
    expect([first, second].map((outcome) => (outcome.ok ? outcome.rows.length : outcome.error.message))).toEqual([200, 200]);
  });
});
