// The office closing out moves and looking after messages on a busy database, as the booking benchmark
// times them on its seeded server, without JavaScript: a move completed with its bill (the bill's page,
// then its post), the customer's page of the billed move by the emailed link, and the messages page
// with a failed message sent again (the page, then its post). Each round acts on a move or a message
// of its own; the database is checked afterwards.
import { readFileSync } from "node:fs";
import path from "node:path";
import { RESEND_MESSAGE_INTENT } from "../../app/domain/admin-messages.ts";
import { manageLinkPath } from "../../app/domain/manage-link.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import { billForm } from "../../server/testing/bill-form.ts";
import { failedMessageAbout } from "../../server/testing/failed-message.ts";
import { untilMessageSenderIdle } from "./background-work.ts";
import { benchClients } from "./clients.ts";
import { FROM_TIME, emptyDays, paidBookings, summary } from "./paid-moves.ts";
import { PlainBrowser, type Answer } from "./plain-browser.ts";
import type { BenchServer } from "./server.ts";

/** Rounds untimed before the timed ones. */
const WARM_UP = 3;
/** Each page is asked for this many times a round (it changes nothing), so its p95 comes from more answers than the rounds'. */
const PAGE_LOADS_PER_ROUND = 5;
function expect(answer: Answer, status: number, what: string) {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}, not ${status}`);
}

/** Times the office's bill and message actions, `rounds` each after a few untimed, as `admin` (an admin's email and password). */
export async function benchOfficeActions(server: BenchServer, rounds: number, admin: { email: string; password: string }) {
  const sessionSecret = readFileSync(path.join(server.dataDir, "session-secret"), "utf8").trim();
  const { service } = await benchClients(server);

  const total = WARM_UP + rounds;
  const moves = await paidBookings(service, { userId: null, email: `bench-billed-${Date.now()}@example.com` }, await emptyDays(service, total));
  // Their payment's emails and reminders, written and sent by the server's message sender first.
  await untilMessageSenderIdle(service);
  const messages: number[] = [];
  for (const move of moves) {
    // A new version of the booking (its address made precise), which its payment's messages do not cover yet.
    const { data: changed, error } = await service
      .from("bookings")
      .update({ moving_to: `${move.moving_to}, back door` })
      .eq("id", move.id)
      .select("*")
      .single();
    if (error) throw new Error(`could not change booking ${move.id}: ${error.message}`);
    messages.push(await failedMessageAbout(service, changed, "550 5.1.1 Recipient address rejected"));
  }

  const office = new PlainBrowser(server.origin);
  const signedIn = await office.send("POST", "/?index", { intent: "login", email: admin.email, password: admin.password, redirectTo: "" });
  if (signedIn.status !== 302 && signedIn.status !== 303) throw new Error(`the admin's sign-in answered ${signedIn.status}`);
  const customer = new PlainBrowser(server.origin);

  console.log(
    `the office's actions (${rounds} rounds after ${WARM_UP} untimed, each on a paid move or a failed message of its own; each page ${PAGE_LOADS_PER_ROUND} times a round):`,
  );
  const times = { billPage: [] as number[], bill: [] as number[], billedManage: [] as number[], messagesPage: [] as number[], resend: [] as number[] };
  for (let round = 0; round < total; round++) {
    const move = moves[round]!;
    const timed = round >= WARM_UP;
    const record = (key: keyof typeof times, answer: Answer) => {
      if (timed) times[key].push(answer.ms);
    };
    const billPath = `/admin/bookings/${move.id}/bill`;
    for (let load = 0; load < PAGE_LOADS_PER_ROUND; load++) {
      const page = await office.send("GET", billPath);
      expect(page, 200, billPath);
      record("billPage", page);
    }
    const billed = await office.send("POST", billPath, billForm("complete-move", { startedAt: FROM_TIME }));
    expect(billed, 302, `${billPath} (complete-move)`);
    record("bill", billed);

    const managePath = manageLinkPath(manageBookingToken(sessionSecret, move));
    for (let load = 0; load < PAGE_LOADS_PER_ROUND; load++) {
      const page = await customer.send("GET", managePath);
      expect(page, 200, "/manage");
      if (!page.body.includes("$1,075")) throw new Error("/manage does not show the move's bill of $1,075");
      record("billedManage", page);
    }

    for (let load = 0; load < PAGE_LOADS_PER_ROUND; load++) {
      const page = await office.send("GET", "/admin/messages?status=failed");
      expect(page, 200, "/admin/messages?status=failed");
      record("messagesPage", page);
    }
    const resent = await office.send("POST", "/admin/messages?status=failed", { intent: RESEND_MESSAGE_INTENT, messageId: String(messages[round]) });
    expect(resent, 302, "/admin/messages (resend)");
    record("resend", resent);
  }
  console.log(summary("the bill's page, /admin/bookings/:id/bill", times.billPage));
  console.log(summary("the move completed with its bill (post)", times.bill));
  console.log(summary("the billed move by the emailed link, /manage?token=…", times.billedManage));
  console.log(summary("the failed messages, /admin/messages?status=failed", times.messagesPage));
  console.log(summary("a failed message sent again (post)", times.resend));

  // What the office's posts left in the database: every move billed once, every message sent again or on its way.
  const { data: bills, error: billsError } = await service
    .from("booking_bills")
    .select("booking_id")
    .in(
      "booking_id",
      moves.map((move) => move.id),
    );
  if (billsError) throw new Error(`could not read the bills: ${billsError.message}`);
  if (new Set(bills.map((bill) => bill.booking_id)).size !== moves.length || bills.length !== moves.length) {
    throw new Error(`${bills.length} bills for ${moves.length} moves completed`);
  }
  const { data: outbox, error: outboxError } = await service.from("message_outbox").select("id, status").in("id", messages);
  if (outboxError) throw new Error(`could not read the messages: ${outboxError.message}`);
  const stillFailed = outbox.filter((message) => message.status === "failed").length;
  if (stillFailed > 0) throw new Error(`${stillFailed} of ${messages.length} messages sent again failed again`);
  console.log(`  the database holds one bill for each of the ${moves.length} moves, and none of the ${messages.length} messages sent again is left failed`);
}
