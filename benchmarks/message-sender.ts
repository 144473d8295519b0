// The outbox under load on real PostgreSQL, delivered as mail: queues MESSAGES due messages, then two
// senders (two threads, each with its own database connection and SMTP pool, as two servers) send them
// at once with the app's sender, delivery and templates, over SMTP to the embedded mail catcher. Prints
// messages/s, and whether every message arrived exactly once (none twice, none lost) and is marked sent
// in the database.
// Usage: npm run bench:messages   (MESSAGES and BATCH change the load; it starts Debian's PostgreSQL
// through scripts/ensure-postgresql.sh, or uses the server TEST_POSTGRES_URL names)
import { Worker } from "node:worker_threads";
import type { SendReport } from "../app/services/message-sender.server.ts";
import { createMailCatcher } from "../emulators/mail/index.ts";
import { applyDatabaseScripts, asSuperuser, connect, createDatabase } from "../tests/postgres/support/database.ts";
import { QUEUE_DUE_MESSAGES } from "../tests/postgres/support/message-outbox.ts";

const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const BATCH = Number(process.env.BATCH ?? 20);
const SENDERS = 2;

const database = await createDatabase();
// Keeps none on disk and only the newest in memory: the benchmark counts each arrival as it comes.
const catcher = await createMailCatcher({ maxMessages: 100 });
try {
  const setup = await connect(database.url);
  try {
    await applyDatabaseScripts(setup);
    await setup.query(QUEUE_DUE_MESSAGES, [MESSAGES]);
  } finally {
    await setup.end();
  }

  // Each message is the office's list of its own day: its subject names it.
  const arrivals = new Map<string, number>();
  catcher.subscribe((message) => arrivals.set(message.subject, (arrivals.get(message.subject) ?? 0) + 1));

  const started = performance.now();
  const reports = await Promise.all(
    Array.from(
      { length: SENDERS },
      () =>
        new Promise<SendReport>((resolve, reject) => {
          const worker = new Worker(new URL("./support/message-sender-worker.ts", import.meta.url), {
            workerData: { databaseUrl: database.url, smtpUrl: catcher.smtpUrl, batch: BATCH },
          });
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.once("exit", (code) => code !== 0 && reject(new Error(`a sender stopped with code ${code}`)));
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;

  const twice = [...arrivals.values()].filter((times) => times > 1).length;
  const lost = MESSAGES - arrivals.size;
  const marked = await asSuperuser(
    database.url,
    async (client) =>
      (await client.query<{ sent: number }>("select count(*) filter (where status = 'sent')::int as sent from public.message_outbox")).rows[0]!.sent,
  );
  console.log(`${MESSAGES} due messages, ${SENDERS} senders (batch ${BATCH}), rendered and sent over SMTP to the mail catcher, on real PostgreSQL`);
  console.log(`  ${seconds.toFixed(2)} s, ${Math.round(MESSAGES / seconds)} messages/s`);
  console.log(`  sent by each sender: ${reports.map((report) => report.sent).join(" + ")}; failed: ${reports.reduce((sum, report) => sum + report.failed, 0)}`);
  console.log(`  arrived twice: ${twice}, lost: ${lost}, marked sent in the database: ${marked}`);
  if (twice > 0 || lost > 0 || marked !== MESSAGES) process.exitCode = 1;
} finally {
  await catcher.close();
  await database.drop();
}
