import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// A row's status form and the CSV export, as staff and customers reach them over HTTP.

let backend: TestBackend;
let app: TestApp;
let service: AppSupabaseClient;
let admin: SignedInVisitor;
let customer: SignedInVisitor;
let exportCalls = 0;
let exporter: SignedInVisitor;
/** A moderator whose role is taken away between the app's check and the database's (see below). */
let losingModerator: SignedInVisitor;
let revokeBeforeStatusChange = false;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
  service = app.serviceRole;
  const countingFetch: typeof fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes("/rpc/admin_bookings_after")) exportCalls++;
    return backend.fetch(input, init);
  };
  // The role is taken away just before the app asks the database to change a status.
  const revokingFetch: typeof fetch = async (input, init) => {
    if (revokeBeforeStatusChange && String(input instanceof Request ? input.url : input).includes("/rpc/set_booking_status")) {
      const { error } = await service.from("user_roles").delete().eq("user_id", losingModerator.user.id);
      if (error) throw error;
    }
    return backend.fetch(input, init);
  };
  const [countingApp, revokingApp] = await Promise.all([
    startTestApp(backend, { supabase: { ...app.options.supabase, fetch: countingFetch } }),
    startTestApp(backend, { supabase: { ...app.options.supabase, fetch: revokingFetch } }),
  ]);
  [admin, customer, exporter, losingModerator] = await Promise.all([
    signIn(app, "admin"),
    signIn(app, "customer"),
    signIn(countingApp, "admin", { label: "exporter", fullName: "Export Admin" }),
    signIn(revokingApp, "moderator", { label: "losing-moderator" }),
  ]);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

/** The CSV export as the browser downloads it (a plain link, not a page's data). */
function download(who: SignedInVisitor, path: string) {
  return who.visitor.send(new Request(`${TEST_PUBLIC_URL}${path}`));
}

describe("a row's status form", () => {
  it("changes the status as the admin, writes the history row and comes back to the same page with a toast", async () => {
    const booking = await insertStoredBooking(service, customer);
    const response = await admin.visitor.act("/admin/bookings?q=test&sort=amount&page=2", {
      intent: "set-status",
      bookingId: booking.id,
      status: "in_progress",
    });
    expect(response.status).toBe(302);
    expect(response.location).toBe("/admin/bookings?q=test&sort=amount&page=2");
    expect(await admin.visitor.toast(response.location!)).toMatchObject({
      type: "success",
      title: "Status Updated",
      description: "Booking status changed to In progress",
    });
    const stored = await service.from("bookings").select("status").eq("id", booking.id).single();
    expect(stored.data?.status).toBe("in_progress");
    const history = await service.from("booking_status_events").select("status, changed_by").eq("booking_id", booking.id).eq("status", "in_progress");
    expect(history.data).toEqual([{ status: "in_progress", changed_by: admin.user.id }]);
  });

  it("refuses a customer's crafted post with 403 and changes nothing", async () => {
    const booking = await insertStoredBooking(service, customer);
    const response = await customer.visitor.act("/admin?index", { intent: "set-status", bookingId: booking.id, status: "cancelled" });
    expect(response.status).toBe(403);
    // Past the app's check, the database refuses the same customer too.
    const direct = await (await customer.database()).rpc("set_booking_status", { _booking_id: booking.id, _status: "cancelled" });
    expect(direct.error?.code).toBe("42501");
    const stored = await service.from("bookings").select("status").eq("id", booking.id).single();
    expect(stored.data?.status).toBe("pending");
  });

  it("answers a bad form with 400 and a failed change with the failure toast", async () => {
    const booking = await insertStoredBooking(service, customer);
    const bad = await admin.visitor.act("/admin/bookings", { intent: "set-status", bookingId: booking.id, status: "lost" });
    expect(bad.status).toBe(400);
    // A moderator whose role is taken away after the app let them in: the database refuses.
    revokeBeforeStatusChange = true;
    const refused = await losingModerator.visitor.act("/admin/bookings", { intent: "set-status", bookingId: booking.id, status: "confirmed" });
    revokeBeforeStatusChange = false;
    expect(refused.status).toBe(302);
    // No longer staff, they see the message on their own dashboard.
    expect(await losingModerator.visitor.toast("/dashboard")).toMatchObject({ type: "error", title: "Failed to update booking status." });
    expect((await service.from("bookings").select("status").eq("id", booking.id).single()).data?.status).toBe("pending");
  });
});

describe("the bulk status form", () => {
  /** The bulk form's post: each ticked row's id under `bookingId`, as the browser sends the boxes. */
  const bulk = (ids: string[], status: string) =>
    new URLSearchParams([["intent", "set-statuses"], ["status", status], ...ids.map((id) => ["bookingId", id] as [string, string])]);

  it("changes each ticked booking once, records each, and says what changed and what was refused", async () => {
    const [first, second] = await Promise.all([insertStoredBooking(service, customer), insertStoredBooking(service, customer)]);
    const gone = "00000000-0000-4000-8000-000000000000";
    const response = await admin.visitor.act("/admin/bookings?status=pending", bulk([first.id, second.id, first.id, gone], "in_progress"));
    expect(response.status).toBe(302);
    expect(response.location).toBe("/admin/bookings?status=pending");
    expect(await admin.visitor.toast(response.location!)).toMatchObject({
      type: "error",
      title: "2 of 3 bookings changed to In progress",
      description: "One no longer exists.",
    });
    const stored = await service.from("bookings").select("id, status").in("id", [first.id, second.id]);
    expect(stored.data?.map((row) => row.status)).toEqual(["in_progress", "in_progress"]);
    const history = await service
      .from("booking_status_events")
      .select("booking_id, changed_by")
      .in("booking_id", [first.id, second.id])
      .eq("status", "in_progress");
    expect(history.data?.map((event) => event.booking_id).sort()).toEqual([first.id, second.id].sort());
    expect(history.data?.every((event) => event.changed_by === admin.user.id)).toBe(true);
  });

  it("asks to tick bookings first when none is, answers a bad form with 400, and refuses a customer with 403", async () => {
    const booking = await insertStoredBooking(service, customer);
    const none = await admin.visitor.act("/admin/bookings", bulk([], "confirmed"));
    expect(none.status).toBe(302);
    expect(await admin.visitor.toast("/admin/bookings")).toMatchObject({ type: "error", title: "Tick the bookings to change first" });
    expect((await admin.visitor.act("/admin/bookings", bulk([booking.id], "lost"))).status).toBe(400);
    expect((await admin.visitor.act("/admin/bookings", bulk(["not-an-id"], "confirmed"))).status).toBe(400);
    const tooMany = Array.from({ length: 26 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    expect((await admin.visitor.act("/admin/bookings", bulk(tooMany, "confirmed"))).status).toBe(400);
    expect((await customer.visitor.act("/admin/bookings", bulk([booking.id], "cancelled"))).status).toBe(403);
    expect((await service.from("bookings").select("status").eq("id", booking.id).single()).data?.status).toBe("pending");
  });
});

describe("the CSV export", () => {
  it("is the filtered bookings, quoted per RFC 4180, with formula cells neutralised", async () => {
    const tag = "csvexact";
    const rows = [
      {
        full_name: '=HYPERLINK("http://evil")',
        moving_from: "1 Main St,\nApt 2",
        created_at: "2026-10-02T10:00:00+00:00",
        moving_date: "2027-04-02",
        moving_time: "08:00",
      },
      {
        full_name: 'Ann "Annie" Lee',
        moving_from: "5 Oak Ave",
        created_at: "2026-10-03T10:00:00+00:00",
        moving_date: "2027-04-03",
        final_cost_cents: 123_456,
        status: "completed",
      },
    ];
    const inserted = [];
    for (const columns of rows) {
      inserted.push(
        await insertStoredBooking(service, customer, {
          ...columns,
          email: `${tag}@example.com`,
          phone: "+1 404 555 0100",
          moving_to: "2 Elm St",
        }),
      );
    }
    const response = await download(admin, `/admin/bookings/export?q=${tag}&sort=customer`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="bookings-${new Date().toISOString().slice(0, 10)}.csv"`);
    const [first, second] = inserted as [(typeof inserted)[0], (typeof inserted)[0]];
    // The byte order mark tells spreadsheets the file is UTF-8.
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe(
      "\uFEFFBooking ID,Booked At,Customer,Email,Phone,Move Date,Move Time,From,To,Service,Team,Status,Amount (USD),Deposit\r\n" +
        `${second.id},${second.created_at},"Ann ""Annie"" Lee",csvexact@example.com,"'+1 404 555 0100",2027-04-03,,5 Oak Ave,2 Elm St,Local move,Elite Team,Completed,1234.56,Deposit unpaid\r\n` +
        `${first.id},${first.created_at},"'=HYPERLINK(""http://evil"")",csvexact@example.com,"'+1 404 555 0100",2027-04-02,08:00,"1 Main St,\nApt 2",2 Elm St,Local move,Elite Team,Pending,1000.00,Deposit unpaid\r\n`,
    );
  });

  it("quotes a cell holding semicolons and neutralises the formulas after them, for spreadsheets that split on ';'", async () => {
    const tag = "csvsemicolon";
    const booking = await insertStoredBooking(service, customer, {
      full_name: "x;=1+2;@SUM(1+1)",
      email: `${tag}@example.com`,
      phone: "404-555-0100",
      moving_from: "Unit 4; side door",
      moving_to: "2 Elm St",
      moving_date: "2027-04-04",
    });
    const response = await download(admin, `/admin/bookings/export?q=${tag}`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split("\r\n");
    expect(lines[1]).toBe(
      `${booking.id},${booking.created_at},"'x;=1+2;@SUM(1+1)",csvsemicolon@example.com,404-555-0100,2027-04-04,,"Unit 4; side door",2 Elm St,Local move,Elite Team,Pending,1000.00,Deposit unpaid`,
    );
  });

  it("streams: the first rows arrive before the last are read from the database", async () => {
    const owner = customer.user.id;
    await backend.sql(
      `insert into public.bookings (user_id, full_name, email, phone, moving_from, moving_to, moving_date, team_type, service_type, estimated_cost_cents, created_at)
       select $1, 'Stream ' || n, 'stream' || n || '@bulk.example.com', '404-555-0199', n || ' Bulk St', n || ' Load Ave', date '2027-05-01' + (n % 60), 'elite', 'local', 100000, timestamptz '2026-01-01' + n * interval '1 minute'
       from generate_series(1, 2600) as n`,
      [owner],
    );
    exportCalls = 0;
    const response = await download(exporter, "/admin/bookings/export?q=bulk.example");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("stream")) text += decoder.decode((await reader.read()).value, { stream: true });
    // 2,600 rows come in six chunks of 500; the response has begun after at most the first two.
    expect(exportCalls).toBeLessThanOrEqual(2);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    expect(exportCalls).toBe(6);
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2601);
    expect(lines[1]).toContain(",Stream 2600,stream2600@bulk.example.com,");
    expect(lines[2600]).toContain(",Stream 1,stream1@bulk.example.com,");
  });

  it("is refused to a customer, and a guest is sent to sign in", async () => {
    const response = await download(customer, "/admin/bookings/export");
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("Booking ID");
    const guest = await app.visitor().send(new Request(`${TEST_PUBLIC_URL}/admin/bookings/export`));
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/?auth=login&redirectTo=%2Fadmin%2Fbookings%2Fexport");
  });

  it("lists the bookings on a page for staff only", async () => {
    await insertStoredBooking(service, customer, { full_name: "Shown Only To Staff" });
    expect((await admin.visitor.get("/admin/bookings?q=Shown+Only")).text).toContain("Shown Only To Staff");
    await expectStaffOnly("/admin/bookings", { guest: app.visitor(), customer: customer.visitor, hidden: ["Shown Only To Staff"] });
  });
});
