// A customer moving a paid booking, as the booking benchmark times it on its seeded server: the
// reschedule page (its own month, a day link of the calendar, the busiest day ahead) and the form's
// post without JavaScript, signed in from the dashboard and as a guest with the emailed manage link.
import { readFileSync } from "node:fs";
import path from "node:path";
import { manageLinkPath } from "../../app/domain/manage-link.ts";
import { manageBookingToken } from "../../app/services/manage-links.server.ts";
import { untilMessageSenderIdle } from "./background-work.ts";
import { benchClients, createBenchCustomer, type BenchClient } from "./clients.ts";
import { FROM_TIME, HOURS, TO_TIME, emptyDays, isoDay, paidBookings, summary } from "./paid-moves.ts";
import { PlainBrowser, type Answer } from "./plain-browser.ts";
import type { BenchServer } from "./server.ts";

/** Rounds of each way in, untimed, before the timed ones. */
const WARM_UP = 3;
/**
 * Each page is asked for this many times a move (it changes nothing), so its p95 comes from five
 * times as many answers as the moves': with one answer a move, the p95 of 20 is nearly their maximum.
 */
const PAGE_LOADS_PER_MOVE = 5;
const PASSWORD = "BenchPass123";
interface Move {
  id: string;
  email: string;
  from: string;
  to: string;
}

interface WayIn {
  label: string;
  browser: PlainBrowser;
  /** The reschedule page of a booking, the form's action. */
  page: (move: Move) => string;
  /** Where a move done sends the customer. */
  done: (move: Move) => string;
}

/** The open day of the next month (from the day after tomorrow, bookable whatever the clock) with the most crews out. */
async function busiestDayAhead(service: BenchClient): Promise<string> {
  const { data, error } = await service.rpc("capacity_days", { _from: isoDay(2), _to: isoDay(32), _hours: HOURS, _slots: [TO_TIME, FROM_TIME] });
  if (error) throw new Error(error.message);
  const open = data.filter((day) => !day.closed);
  if (!open.length) throw new Error("no open day in the next month");
  return open.reduce((most, day) => (day.crews_used > most.crews_used ? day : most)).day;
}

function expectPage(answer: Answer, target: string, date: string) {
  if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
  if (!answer.body.includes('value="reschedule"')) throw new Error(`${target} offers no reschedule form`);
  if (!answer.body.includes(`name="date" checked="" value="${date}"`)) throw new Error(`${target} does not show ${date} chosen`);
}

/**
 * Times the reschedule page (five loads a move) and action, `rounds` moves each way in (after a few untimed), each move a
 * fresh paid booking moved once (the company's limit never refuses one) from 10:00 on an empty day to
 * 08:00 on another; then checks the database holds every booking at the time chosen.
 */
export async function benchReschedules(server: BenchServer, rounds: number) {
  const sessionSecret = readFileSync(path.join(server.dataDir, "session-secret"), "utf8").trim();
  const { service } = await benchClients(server);

  const perWay = WARM_UP + rounds;
  const days = await emptyDays(service, perWay * 4);
  const busiestDay = await busiestDayAhead(service);
  const { id: customerId, email } = await createBenchCustomer(service, { label: "bench-reschedule", password: PASSWORD, fullName: "Bench Mover" });
  const movesOf = (bookings: Array<{ id: string; email: string; moving_date: string }>, targets: string[]): Move[] =>
    bookings.map((booking, index) => ({ id: booking.id, email: booking.email, from: booking.moving_date, to: targets[index]! }));
  const signedInMoves = movesOf(await paidBookings(service, { userId: customerId, email }, days.slice(0, perWay)), days.slice(perWay, perWay * 2));
  const guestMoves = movesOf(
    await paidBookings(service, { userId: null, email: `bench-guest-${Date.now()}@example.com` }, days.slice(perWay * 2, perWay * 3)),
    days.slice(perWay * 3),
  );
  // Their payment's emails and reminders, written and sent by the server's message sender first.
  await untilMessageSenderIdle(service);

  const customer = new PlainBrowser(server.origin);
  const signedIn = await customer.send("POST", "/?index", { intent: "login", email, password: PASSWORD, redirectTo: "" });
  if (signedIn.status !== 302 && signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
  const tokenOf = (move: Move) => manageBookingToken(sessionSecret, move);
  const ways: Array<[WayIn, Move[]]> = [
    [
      {
        label: "signed in, /dashboard/bookings/:id/reschedule",
        browser: customer,
        page: (move) => `/dashboard/bookings/${move.id}/reschedule`,
        done: (move) => `/dashboard/bookings/${move.id}`,
      },
      signedInMoves,
    ],
    [
      {
        label: "guest with the emailed link, /manage/reschedule?token=…",
        browser: new PlainBrowser(server.origin),
        page: (move) => manageLinkPath(tokenOf(move), "/manage/reschedule"),
        done: (move) => manageLinkPath(tokenOf(move)),
      },
      guestMoves,
    ],
  ];

  console.log(
    `the customer's reschedule (${rounds} moves each way in after ${WARM_UP} untimed, each a paid booking moved once, from ${FROM_TIME} on an empty day to ${TO_TIME} on another; each page ${PAGE_LOADS_PER_MOVE} times a move, the two ways taking turns):`,
  );
  // The ways take turns, a move each, so both meet the same database and the same background work.
  const times = ways.map(() => ({ page: [] as number[], dayLink: [] as number[], busiest: [] as number[], action: [] as number[] }));
  for (let round = 0; round < perWay; round++) {
    for (const [index, [way, moves]] of ways.entries()) {
      const move = moves[round]!;
      const target = way.page(move);
      const withDay = (date: string) => `${target}${target.includes("?") ? "&" : "?"}${new URLSearchParams({ month: date.slice(0, 7), date })}`;
      const loads = { page: [] as number[], dayLink: [] as number[], busiest: [] as number[] };
      for (let load = 0; load < PAGE_LOADS_PER_MOVE; load++) {
        const page = await way.browser.send("GET", target);
        expectPage(page, target, move.from);
        const dayLink = await way.browser.send("GET", withDay(move.to));
        expectPage(dayLink, target, move.to);
        const busiest = await way.browser.send("GET", withDay(busiestDay));
        expectPage(busiest, target, busiestDay);
        loads.page.push(page.ms);
        loads.dayLink.push(dayLink.ms);
        loads.busiest.push(busiest.ms);
      }
      const posted = await way.browser.send("POST", target, { intent: "reschedule", date: move.to, time: TO_TIME });
      if (posted.status !== 302 || posted.location !== way.done(move)) {
        throw new Error(`the reschedule of ${move.id} answered ${posted.status} (to ${posted.location ?? "nowhere"}): ${posted.body.slice(0, 300)}`);
      }
      if (round < WARM_UP) continue;
      const timed = times[index]!;
      timed.page.push(...loads.page);
      timed.dayLink.push(...loads.dayLink);
      timed.busiest.push(...loads.busiest);
      timed.action.push(posted.ms);
    }
  }
  for (const [index, [way]] of ways.entries()) {
    const timed = times[index]!;
    console.log(` ${way.label}:`);
    console.log(summary("its page (the move's month)", timed.page));
    console.log(summary("its page, a day link (?month=&date=, the new day)", timed.dayLink));
    console.log(summary(`its page, the busiest day ahead (${busiestDay}) chosen`, timed.busiest));
    console.log(summary("the move (POST intent=reschedule, answered by the redirect of success)", timed.action));
  }

  // Every booking is where its customer moved it, moved once.
  const moves = ways.flatMap(([, list]) => list);
  const { data: stored, error: readError } = await service
    .from("bookings")
    .select("id, moving_date, moving_time, online_reschedules")
    .in(
      "id",
      moves.map((move) => move.id),
    );
  if (readError) throw new Error(readError.message);
  const wrong = moves.filter((move) => {
    const row = stored.find((candidate) => candidate.id === move.id);
    return row?.moving_date !== move.to || row.moving_time !== `${TO_TIME}:00` || row.online_reschedules !== 1;
  });
  if (wrong.length) throw new Error(`${wrong.length} of ${moves.length} bookings are not at the time chosen, e.g. ${wrong[0]!.id}`);
  console.log(`  the database holds all ${moves.length} bookings at the new date and ${TO_TIME}, each moved online once`);
}
