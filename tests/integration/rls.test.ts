import { randomUUID } from "node:crypto";
import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_SETTINGS, settingsToRow } from "../../app/domain/company-settings.ts";
import { startTestBackend, uniqueEmail, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PASSWORD, signInCustomer } from "./support/app-harness.ts";

// Row level security and privileges of supabase/migrations, exercised through supabase-js the way the app
// calls the database: as a guest (anon key), as signed-in customers, as an admin, as the service role.

interface Account {
  id: string;
  email: string;
  client: SupabaseClient;
}

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;
let alice: Account;
let bob: Account;
let admin: Account;
const createdUserIds: string[] = [];
const analyticsSession = `rls-${randomUUID()}`;

async function account(label: string, fullName: string): Promise<Account> {
  const { user, client } = await signInCustomer(backend, label, fullName);
  createdUserIds.push(user.id);
  return { id: user.id, email: user.email!, client };
}

/** A booking row as the server writes it for a signed-in customer, after pricing the request. */
function bookingFor(user: Account, overrides: Record<string, unknown> = {}) {
  return {
    user_id: user.id,
    full_name: "Test Customer",
    email: user.email,
    phone: "404-555-0100",
    moving_from: "1 Peachtree St, Atlanta",
    moving_to: "2 Ponce de Leon Ave, Atlanta",
    moving_date: "2027-03-01",
    moving_time: "10:00",
    team_type: "elite",
    service_type: "local",
    property_size: "2_bedroom",
    packing_service: true,
    extra_movers: 1,
    estimated_hours: 6,
    estimated_cost_cents: 123400,
    deposit_amount_cents: 5000,
    ...overrides,
  };
}

/** Bookings are inserted by the server (service role) only. */
async function createBooking(user: Account): Promise<string> {
  const { data, error } = await service.from("bookings").insert(bookingFor(user)).select("id").single();
  if (error) throw error;
  return data.id as string;
}

/** What the service role (no row level security) sees of a booking. */
async function bookingAsService(id: string) {
  const { data, error } = await service.from("bookings").select("*").eq("id", id).single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

function expectRlsViolation(error: PostgrestError | null, table: string) {
  expect(error).toMatchObject({
    code: "42501",
    message: `new row violates row-level security policy for table "${table}"`,
  });
}

function expectPermissionDenied(error: PostgrestError | null, table: string) {
  expect(error).toMatchObject({ code: "42501", message: `permission denied for table ${table}` });
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.createClient();
  service = backend.createClient({ key: "service_role" });
  [alice, bob, admin] = await Promise.all([account("alice", "Alice Anders"), account("bob", "Bob Brown"), account("admin", "Ada Admin")]);
  const { error } = await service.from("user_roles").insert({ user_id: admin.id, role: "admin" });
  if (error) throw error;
});

afterAll(async () => {
  if (!backend) return;
  await service.from("website_analytics").delete().eq("session_id", analyticsSession);
  if (createdUserIds.length > 0) await service.from("bookings").delete().in("user_id", createdUserIds);
  for (const id of createdUserIds) await service.auth.admin.deleteUser(id);
  await backend.close();
});

describe("sign-up", () => {
  it("creates the profile with the full name from the sign-up metadata, and the user role", async () => {
    const email = uniqueEmail("signup");
    const { data, error } = await backend.createClient().auth.signUp({ email, password: TEST_PASSWORD, options: { data: { full_name: "Sam Signup" } } });
    expect(error).toBeNull();
    const userId = data.user!.id;
    createdUserIds.push(userId);

    const client = backend.createClient({ accessToken: data.session!.access_token });
    const profile = await client.from("profiles").select("user_id, full_name").single();
    expect(profile.data).toEqual({ user_id: userId, full_name: "Sam Signup" });
    const roles = await client.from("user_roles").select("role");
    expect(roles.data).toEqual([{ role: "user" }]);
  });
});

describe("profiles", () => {
  it("shows a customer only their own profile", async () => {
    const { data, error } = await alice.client.from("profiles").select("user_id, full_name");
    expect(error).toBeNull();
    expect(data).toEqual([{ user_id: alice.id, full_name: "Alice Anders" }]);
    expect((await alice.client.from("profiles").select("*").eq("user_id", bob.id)).data).toEqual([]);
  });

  it("lets a customer save their own profile with an upsert", async () => {
    const { data, error } = await alice.client
      .from("profiles")
      .upsert({ user_id: alice.id, full_name: "Alice A.", phone: "404-555-0101", bio: "Hi" }, { onConflict: "user_id" })
      .select("full_name, phone, bio")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ full_name: "Alice A.", phone: "404-555-0101", bio: "Hi" });
  });

  it("keeps a customer away from another user's profile", async () => {
    const update = await alice.client.from("profiles").update({ bio: "hacked" }).eq("user_id", bob.id).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);

    const insert = await alice.client.from("profiles").insert({ user_id: bob.id, full_name: "Not Bob" });
    expectRlsViolation(insert.error, "profiles");

    const remove = await alice.client.from("profiles").delete().eq("user_id", bob.id);
    expectPermissionDenied(remove.error, "profiles");

    const { data } = await service.from("profiles").select("full_name, bio").eq("user_id", bob.id).single();
    expect(data).toEqual({ full_name: "Bob Brown", bio: null });
  });

  it("lets an admin read every profile and every role", async () => {
    const profiles = await admin.client.from("profiles").select("user_id").in("user_id", [alice.id, bob.id, admin.id]);
    expect(profiles.data).toHaveLength(3);
    const roles = await admin.client.from("user_roles").select("user_id, role").eq("role", "admin");
    expect(roles.data).toContainEqual({ user_id: admin.id, role: "admin" });
  });

  it("shows nothing to a guest", async () => {
    expectPermissionDenied((await anon.from("profiles").select("*")).error, "profiles");
  });
});

describe("roles", () => {
  it("reads a customer's own roles and refuses the admin check's single row with PGRST116", async () => {
    const own = await alice.client.from("user_roles").select("user_id, role");
    expect(own.data).toEqual([{ user_id: alice.id, role: "user" }]);
    const adminCheck = await alice.client.from("user_roles").select("role").eq("user_id", alice.id).eq("role", "admin").single();
    expect(adminCheck.error?.code).toBe("PGRST116");
  });

  it("never lets a customer grant themselves a role", async () => {
    const { error } = await alice.client.from("user_roles").insert({ user_id: alice.id, role: "admin" });
    expectPermissionDenied(error, "user_roles");
    const roles = await alice.client.from("user_roles").select("role").eq("user_id", alice.id);
    expect(roles.error).toBeNull();
    expect(roles.data).not.toContainEqual({ role: "admin" });
  });
});

describe("bookings", () => {
  let aliceBooking: string;
  let bobBooking: string;

  beforeAll(async () => {
    [aliceBooking, bobBooking] = await Promise.all([createBooking(alice), createBooking(bob)]);
  });

  it("are stored by the server as pending and unpaid", async () => {
    const row = await bookingAsService(aliceBooking);
    expect(row).toMatchObject({
      user_id: alice.id,
      status: "pending",
      deposit_status: "unpaid",
      deposit_amount_cents: 5000,
      final_cost_cents: null,
      estimated_cost_cents: 123400,
      moving_time: "10:00:00",
      draft_id: null,
      checkout_expires_at: null,
    });
  });

  it("shows a customer only their own bookings", async () => {
    const { data, error } = await alice.client.from("bookings").select("id, user_id").order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([{ id: aliceBooking, user_id: alice.id }]);
    expect((await alice.client.from("bookings").select("id").eq("id", bobBooking)).data).toEqual([]);
  });

  it("takes no booking from a customer, whatever it says, not even one priced by the customer", async () => {
    expectPermissionDenied((await alice.client.from("bookings").insert(bookingFor(alice))).error, "bookings");
    expectPermissionDenied((await alice.client.from("bookings").insert(bookingFor(alice, { estimated_cost_cents: 0 }))).error, "bookings");
    expectPermissionDenied((await alice.client.from("bookings").insert(bookingFor(bob))).error, "bookings");
    const { user_id: _ignored, ...withoutOwner } = bookingFor(alice);
    expectPermissionDenied((await alice.client.from("bookings").insert(withoutOwner)).error, "bookings");
  });

  it("lets a customer change no column of their own booking, nor of anyone else's", async () => {
    const own = await bookingAsService(aliceBooking);
    for (const [column, value] of Object.entries(own)) {
      const { error } = await alice.client
        .from("bookings")
        .update({ [column]: value })
        .eq("id", aliceBooking);
      expectPermissionDenied(error, "bookings");
    }
    expectPermissionDenied((await alice.client.from("bookings").update({ estimated_cost_cents: 0 }).eq("id", bobBooking)).error, "bookings");
    expectPermissionDenied((await alice.client.from("bookings").delete().eq("id", bobBooking)).error, "bookings");
    expect(await bookingAsService(aliceBooking)).toEqual(own);
  });

  it("lets an admin change no column directly either", async () => {
    const { error } = await admin.client.from("bookings").update({ status: "confirmed" }).eq("id", bobBooking);
    expectPermissionDenied(error, "bookings");
    expectPermissionDenied((await admin.client.from("bookings").update({ deposit_status: "paid" }).eq("id", bobBooking)).error, "bookings");
  });

  it("lets an admin read every booking and set any status through set_booking_status", async () => {
    const all = await admin.client.from("bookings").select("id").in("id", [aliceBooking, bobBooking]);
    expect(all.data).toHaveLength(2);

    const { data, error } = await admin.client.rpc("set_booking_status", { _booking_id: bobBooking, _status: "completed" });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: bobBooking, status: "completed" });
    const back = await admin.client.rpc("set_booking_status", { _booking_id: bobBooking, _status: "pending" });
    expect(back.data).toMatchObject({ id: bobBooking, status: "pending" });
    expect(await bookingAsService(bobBooking)).toMatchObject({ status: "pending" });
  });

  it("refuses set_booking_status to customers and guests", async () => {
    const byCustomer = await alice.client.rpc("set_booking_status", { _booking_id: aliceBooking, _status: "confirmed" });
    expect(byCustomer.error).toMatchObject({ code: "42501" });
    const byGuest = await anon.rpc("set_booking_status", { _booking_id: aliceBooking, _status: "confirmed" });
    expect(byGuest.error).toMatchObject({ code: "42501" });
    expect(await bookingAsService(aliceBooking)).toMatchObject({ status: "pending" });
  });

  it("refuses an unknown status even from an admin, and an unknown booking", async () => {
    const unknownStatus = await admin.client.rpc("set_booking_status", { _booking_id: bobBooking, _status: "lost" });
    expect(unknownStatus.error).toMatchObject({ code: "23514" });
    const unknownBooking = await admin.client.rpc("set_booking_status", { _booking_id: randomUUID(), _status: "confirmed" });
    expect(unknownBooking.error).toMatchObject({ code: "P0002" });
  });

  it("keeps the deposit out of everyone's hands but the server's", async () => {
    for (const client of [anon, alice.client, admin.client]) {
      const { error } = await client.rpc("mark_deposit_paid", { _booking_id: aliceBooking, _session_id: "cs_test_x", _confirm: true });
      expect(error).toMatchObject({ code: "42501" });
    }
    expect(await bookingAsService(aliceBooking)).toMatchObject({ deposit_status: "unpaid", status: "pending" });
  });

  it("checks the counters and the enumerations", async () => {
    const tooManyMovers = await service.from("bookings").insert(bookingFor(alice, { extra_movers: 7 }));
    expect(tooManyMovers.error).toMatchObject({ code: "23514" });
    const unknownService = await service.from("bookings").insert(bookingFor(alice, { service_type: "moon" }));
    expect(unknownService.error).toMatchObject({ code: "23514" });
    const negativeCost = await service.from("bookings").insert(bookingFor(alice, { estimated_cost_cents: -1 }));
    expect(negativeCost.error).toMatchObject({ code: "23514" });
  });

  it("keeps one booking per wizard draft", async () => {
    const draftId = randomUUID();
    expect((await service.from("bookings").insert(bookingFor(alice, { draft_id: draftId }))).error).toBeNull();
    expect((await service.from("bookings").insert(bookingFor(alice, { draft_id: draftId }))).error).toMatchObject({ code: "23505" });
  });

  it("shows no bookings to a guest and takes none from them", async () => {
    const read = await anon.from("bookings").select("*");
    expectPermissionDenied(read.error, "bookings");
    const write = await anon.from("bookings").insert({ ...bookingFor(alice), user_id: null });
    expectPermissionDenied(write.error, "bookings");
    const update = await anon.from("bookings").update({ estimated_cost_cents: 0 }).eq("id", aliceBooking);
    expectPermissionDenied(update.error, "bookings");
  });

  it("records the payment state through the service role only", async () => {
    const sessionId = `cs_test_${randomUUID()}`;
    const { error } = await service
      .from("bookings")
      .update({
        stripe_checkout_session_id: sessionId,
        deposit_amount_cents: 5000,
        deposit_status: "paid",
        deposit_paid_at: new Date().toISOString(),
      })
      .eq("id", aliceBooking);
    expect(error).toBeNull();
    expect(await bookingAsService(aliceBooking)).toMatchObject({ deposit_status: "paid", deposit_amount_cents: 5000 });

    const paidWithoutDate = await service.from("bookings").update({ deposit_paid_at: null }).eq("id", aliceBooking);
    expect(paidWithoutDate.error).toMatchObject({ code: "23514" });
  });
});

describe("booking status history", () => {
  let aliceBooking: string;
  let bobBooking: string;

  beforeAll(async () => {
    [aliceBooking, bobBooking] = await Promise.all([createBooking(alice), createBooking(bob)]);
  });

  const historyOf = (client: SupabaseClient, bookingId: string) =>
    client.from("booking_status_events").select("status, changed_by").eq("booking_id", bookingId).order("changed_at").order("id");

  it("starts with the status a booking is stored with, and records each change and who made it", async () => {
    expect((await admin.client.rpc("set_booking_status", { _booking_id: aliceBooking, _status: "confirmed" })).error).toBeNull();
    // Setting the status it already has is no change.
    expect((await admin.client.rpc("set_booking_status", { _booking_id: aliceBooking, _status: "confirmed" })).error).toBeNull();
    expect((await service.from("bookings").update({ status: "in_progress" }).eq("id", aliceBooking)).error).toBeNull();
    expect((await service.from("bookings").update({ phone: "404-555-0199" }).eq("id", aliceBooking)).error).toBeNull();

    const { data, error } = await historyOf(alice.client, aliceBooking);
    expect(error).toBeNull();
    expect(data).toEqual([
      { status: "pending", changed_by: null },
      { status: "confirmed", changed_by: admin.id },
      { status: "in_progress", changed_by: null },
    ]);
  });

  it("shows a customer only their own bookings' history, and an admin everyone's", async () => {
    expect((await historyOf(alice.client, bobBooking)).data).toEqual([]);
    expect((await historyOf(bob.client, bobBooking)).data).toEqual([{ status: "pending", changed_by: null }]);
    expect((await historyOf(admin.client, bobBooking)).data).toEqual([{ status: "pending", changed_by: null }]);
    expectPermissionDenied((await historyOf(anon, bobBooking)).error, "booking_status_events");
  });

  it("is written by the database alone", async () => {
    const row = { booking_id: aliceBooking, status: "cancelled" };
    expectPermissionDenied((await alice.client.from("booking_status_events").insert(row)).error, "booking_status_events");
    expectPermissionDenied((await admin.client.from("booking_status_events").insert(row)).error, "booking_status_events");
    expectPermissionDenied((await service.from("booking_status_events").insert(row)).error, "booking_status_events");
    expectPermissionDenied((await service.from("booking_status_events").delete().eq("booking_id", aliceBooking)).error, "booking_status_events");
    expectPermissionDenied(
      (await admin.client.from("booking_status_events").update({ status: "cancelled" }).eq("booking_id", aliceBooking)).error,
      "booking_status_events",
    );
  });
});

describe("images", () => {
  let aliceBooking: string;
  let bobBooking: string;

  beforeAll(async () => {
    [aliceBooking, bobBooking] = await Promise.all([createBooking(alice), createBooking(bob)]);
  });

  it("keeps a customer's gallery rows to themselves", async () => {
    const path = `${alice.id}/${randomUUID()}.png`;
    const inserted = await alice.client
      .from("user_images")
      .insert([{ user_id: alice.id, image_url: `https://cdn.example/${path}`, file_name: "beach.png", path }])
      .select("id")
      .single();
    expect(inserted.error).toBeNull();
    const imageId = inserted.data!.id as string;

    expect((await bob.client.from("user_images").select("*").eq("id", imageId)).data).toEqual([]);
    const bobDelete = await bob.client.from("user_images").delete().eq("id", imageId).select();
    expect(bobDelete.data).toEqual([]);
    expect((await alice.client.from("user_images").select("id").eq("id", imageId)).data).toEqual([{ id: imageId }]);

    const aliceDelete = await alice.client.from("user_images").delete().eq("id", imageId).select("id");
    expect(aliceDelete.data).toEqual([{ id: imageId }]);
  });

  it("refuses gallery rows in another user's name or pointing into their folder", async () => {
    const bobPath = `${bob.id}/x.png`;
    const inName = await alice.client
      .from("user_images")
      .insert({ user_id: bob.id, image_url: "https://cdn.example/x.png", file_name: "x.png", path: bobPath });
    expectRlsViolation(inName.error, "user_images");
    const inFolder = await alice.client
      .from("user_images")
      .insert({ user_id: alice.id, image_url: "https://cdn.example/x.png", file_name: "x.png", path: bobPath });
    expect(inFolder.error).toMatchObject({ code: "23514" });
  });

  it("attaches photos only to the customer's own bookings, and shows them to the owner and admins", async () => {
    const own = await alice.client
      .from("booking_images")
      .insert({ booking_id: aliceBooking, path: `${alice.id}/sofa.png`, file_name: "sofa.png" })
      .select("id")
      .single();
    expect(own.error).toBeNull();

    const onBobs = await alice.client.from("booking_images").insert({ booking_id: bobBooking, path: `${alice.id}/sofa.png`, file_name: "sofa.png" });
    expectRlsViolation(onBobs.error, "booking_images");

    expect((await bob.client.from("booking_images").select("id").eq("booking_id", aliceBooking)).data).toEqual([]);
    expect((await admin.client.from("booking_images").select("id").eq("booking_id", aliceBooking)).data).toEqual([{ id: own.data!.id }]);
  });

  it("takes at most 10 photos per booking", async () => {
    const booking = await createBooking(alice);
    const rows = Array.from({ length: 10 }, (_, index) => ({
      booking_id: booking,
      path: `${alice.id}/photo-${index}.png`,
      file_name: `photo-${index}.png`,
    }));
    expect((await alice.client.from("booking_images").insert(rows)).error).toBeNull();
    const eleventh = await alice.client.from("booking_images").insert({ booking_id: booking, path: `${alice.id}/photo-10.png`, file_name: "photo-10.png" });
    expect(eleventh.error).toMatchObject({ code: "23514", message: "A booking has at most 10 images" });
  });

  it("keeps a customer's files away from other customers", async () => {
    const path = `${alice.id}/${randomUUID()}.png`;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const bucket = alice.client.storage.from("user-images");
    expect((await bucket.upload(path, png, { contentType: "image/png" })).error).toBeNull();

    const bobBucket = bob.client.storage.from("user-images");
    expect((await bobBucket.download(path)).error).toMatchObject({ statusCode: "404" });
    expect((await bobBucket.remove([path])).data).toEqual([]);
    expect((await bobBucket.upload(path, png, { contentType: "image/png", upsert: true })).error).toMatchObject({
      statusCode: "403",
    });
    expect((await bobBucket.list(alice.id)).data).toEqual([]);

    expect((await bucket.remove([path])).data).toHaveLength(1);
  });
});

describe("website analytics", () => {
  const event = (overrides: Record<string, unknown> = {}) => ({
    session_id: analyticsSession,
    page_path: "/",
    event_type: "page_view",
    user_agent: "vitest",
    viewport_width: 1280,
    viewport_height: 800,
    referrer: null,
    ...overrides,
  });

  it("refuses events written straight through the API by guests and signed-in users: only the server records them", async () => {
    expectPermissionDenied((await anon.from("website_analytics").insert(event())).error, "website_analytics");
    expectPermissionDenied((await alice.client.from("website_analytics").insert(event())).error, "website_analytics");
    expectPermissionDenied((await alice.client.from("website_analytics").insert(event({ user_id: alice.id }))).error, "website_analytics");
    const { count } = await service.from("website_analytics").select("*", { count: "exact", head: true }).eq("session_id", analyticsSession);
    expect(count).toBe(0);
  });

  it("shows guests nothing", async () => {
    expectPermissionDenied((await anon.from("website_analytics").select("*")).error, "website_analytics");
  });

  it("refuses events of an unknown kind or out of range, even from the server", async () => {
    expect((await service.from("website_analytics").insert(event({ event_type: "click" }))).error).toMatchObject({ code: "23514" });
    expect((await service.from("website_analytics").insert(event({ viewport_width: -1 }))).error).toMatchObject({ code: "23514" });
  });

  it("shows analytics to admins only", async () => {
    expect(
      (await service.from("website_analytics").insert([event(), event({ user_id: alice.id, event_type: "page_exit", time_on_page: 42 })])).error,
    ).toBeNull();
    expect((await alice.client.from("website_analytics").select("*").eq("session_id", analyticsSession)).data).toEqual([]);
    const { data } = await admin.client.from("website_analytics").select("event_type, user_id").eq("session_id", analyticsSession).order("event_type");
    expect(data).toEqual([
      { event_type: "page_exit", user_id: alice.id },
      { event_type: "page_view", user_id: null },
    ]);
  });
});

describe("settings", () => {
  it("are readable by everyone, with the defaults", async () => {
    const { data, error } = await anon
      .from("app_settings")
      .select("default_service_area, business_hours, email_alerts, auto_confirm_bookings, day_before_reminder_hour")
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      default_service_area: "Atlanta, GA",
      business_hours: "8:00 AM - 6:00 PM",
      email_alerts: true,
      auto_confirm_bookings: false,
      day_before_reminder_hour: 17,
    });
  });

  it("are changed by admins only, through the function that records each save, and record who changed them", async () => {
    const { data: before } = await service.from("app_settings").select("business_hours").single();
    // The function's argument holds each field under its column's name.
    const saving = (businessHours: string) => ({ _settings: settingsToRow({ ...DEFAULT_COMPANY_SETTINGS, businessHours }) });
    try {
      for (const client of [alice.client, admin.client, anon]) {
        expectPermissionDenied((await client.from("app_settings").update({ business_hours: "never" }).eq("id", true)).error, "app_settings");
      }
      expect((await alice.client.rpc("save_company_settings", saving("never"))).error).toMatchObject({ code: "42501" });
      expect((await anon.rpc("save_company_settings", saving("never"))).error).toMatchObject({ code: "42501" });

      const byAdmin = await admin.client.rpc("save_company_settings", saving("7:00 AM - 7:00 PM"));
      expect(byAdmin.error).toBeNull();
      // Who saved them is recorded, and read with the service role only.
      expect((await service.from("app_settings").select("updated_by").single()).data).toEqual({ updated_by: admin.id });
      expect((await anon.from("app_settings").select("business_hours").single()).data).toEqual({
        business_hours: "7:00 AM - 7:00 PM",
      });
    } finally {
      await service.from("app_settings").update({ business_hours: before!.business_hours }).eq("id", true);
    }
  });

  it("stay a single row", async () => {
    expectPermissionDenied((await admin.client.from("app_settings").insert({ id: false })).error, "app_settings");
    expect((await service.from("app_settings").insert({ ...settingsToRow(DEFAULT_COMPANY_SETTINGS), id: false })).error).toMatchObject({
      code: "23514",
    });
  });
});

describe("processed Stripe events", () => {
  it("are the service role's alone", async () => {
    const eventId = `evt_${randomUUID()}`;
    expect((await service.from("stripe_events").insert({ event_id: eventId, type: "checkout.session.completed" })).error).toBeNull();
    expect((await service.from("stripe_events").insert({ event_id: eventId, type: "checkout.session.completed" })).error).toMatchObject({
      code: "23505",
    });
    expectPermissionDenied((await admin.client.from("stripe_events").select("*")).error, "stripe_events");
    expectPermissionDenied((await anon.from("stripe_events").select("*")).error, "stripe_events");
    await service.from("stripe_events").delete().eq("event_id", eventId);
  });
});
