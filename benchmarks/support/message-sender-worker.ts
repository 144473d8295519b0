// One server's sender for the messages benchmark, in its own thread: it sends the due messages of the
// database at `databaseUrl` to the SMTP server at `smtpUrl` with the app's sender, delivery and
// templates, batch after batch until none is due, then reports what it did to the benchmark.
import { DEFAULT_CUSTOMER_CHANGE_RULES } from "../../app/domain/booking-cancellation.ts";
import { parentPort, workerData } from "node:worker_threads";
import { zonedWallTimeToInstant } from "../../app/domain/company-time.ts";
import { createMailer } from "../../app/services/mailer.server.ts";
import { messageDelivery } from "../../app/services/message-delivery.server.ts";
import { sendDueMessages, type SendReport } from "../../app/services/message-sender.server.ts";
import { serviceRoleOutbox } from "../../tests/postgres/support/message-outbox.ts";

const { databaseUrl, smtpUrl, batch } = workerData as { databaseUrl: string; smtpUrl: string; batch: number };
const timeZone = "America/New_York";
// Noon on the company's clock: the office's lists would go at any hour, but the clock is fixed all the same.
const noon = zonedWallTimeToInstant("2027-01-04", "12:00", timeZone);

const mailer = createMailer({ smtpUrl, from: "Metro Movers <bookings@metro.example>" });
const { outbox, close } = await serviceRoleOutbox(databaseUrl);
const deliver = messageDelivery({
  mailer,
  publicUrl: "https://movers.example",
  linkSecret: "a-benchmark-secret-of-at-least-32-characters",
  company: async () => ({ name: "Metro Movers", phone: "(404) 555-0182", timeZone, changeRules: DEFAULT_CUSTOMER_CHANGE_RULES }),
  now: () => noon,
});
const total: SendReport = { sent: 0, retried: 0, failed: 0, voided: 0, deferred: 0 };
try {
  for (;;) {
    const report = await sendDueMessages({ outbox, deliver, batch });
    for (const key of Object.keys(total) as Array<keyof SendReport>) total[key] += report[key];
    if (Object.values(report).every((count) => count === 0)) break;
  }
} finally {
  mailer.close();
  await close();
}
parentPort!.postMessage(total);
