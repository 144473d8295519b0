// The outbox under load on real PostgreSQL: queues MESSAGES due messages, then two senders (two
// connections, as two servers) send them at once with the app's sender, `batch` and concurrency as
// each server runs them; the delivery does nothing but count. Prints messages/s, and whether every
// message was delivered exactly once (none twice, none lost) and is marked sent in the database.
// Usage: npm run bench:messages   (MESSAGES and BATCH change the load; it starts Debian's PostgreSQL
// through scripts/ensure-postgresql.sh, or uses the server TEST_POSTGRES_URL names)
import { sendDueMessages, type Deliver, type MessageOutbox } from "../app/services/message-sender.server.ts";
import { applyDatabaseScripts, asSuperuser, connect, createDatabase } from "../tests/postgres/support/database.ts";
import { QUEUE_DUE_MESSAGES, serviceRoleOutbox } from "../tests/postgres/support/message-outbox.ts";

const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const BATCH = Number(process.env.BATCH ?? 20);
const SENDERS = 2;

const database = await createDatabase();
try {
  const setup = await connect(database.url);
  try {
    await applyDatabaseScripts(setup);
    await setup.query(QUEUE_DUE_MESSAGES, [MESSAGES]);
  } finally {
    await setup.end();
  }

  const deliveries = new Map<number, number>();
  const deliver: Deliver = async (message) => {
    deliveries.set(message.id, (deliveries.get(message.id) ?? 0) + 1);
    return { kind: "sent", messageId: `<${message.id}@bench.local>` };
  };
  const sendUntilEmpty = async (outbox: MessageOutbox) => {
    for (;;) {
      const report = await sendDueMessages({ outbox, deliver, batch: BATCH });
      if (report.sent + report.retried + report.failed + report.voided === 0) return;
    }
  };

  const senders = await Promise.all(Array.from({ length: SENDERS }, () => serviceRoleOutbox(database.url)));
  const started = performance.now();
  try {
    await Promise.all(senders.map(({ outbox }) => sendUntilEmpty(outbox)));
  } finally {
    await Promise.all(senders.map((sender) => sender.close()));
  }
  const seconds = (performance.now() - started) / 1000;

  const twice = [...deliveries.values()].filter((times) => times > 1).length;
  const lost = MESSAGES - deliveries.size;
  const marked = await asSuperuser(
    database.url,
    async (client) =>
      (await client.query<{ sent: number }>("select count(*) filter (where status = 'sent')::int as sent from public.message_outbox")).rows[0]!.sent,
  );
  console.log(`${MESSAGES} due messages, ${SENDERS} senders (batch ${BATCH}), delivery that only counts, on real PostgreSQL`);
  console.log(`  ${seconds.toFixed(2)} s, ${Math.round(MESSAGES / seconds)} messages/s`);
  console.log(`  delivered twice: ${twice}, lost: ${lost}, marked sent in the database: ${marked}`);
  if (twice > 0 || lost > 0 || marked !== MESSAGES) process.exitCode = 1;
} finally {
  await database.drop();
}
