import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, type TestBackend } from "../testing/index.ts";

// Row level security inside embedded resources, on the app's own schema (supabase/migrations): an embedded
// table's rows are filtered by its own policies for the caller's role, in the same statement.

const PASSWORD = "Correct-Horse-9";

interface Customer {
  id: string;
  email: string;
  client: SupabaseClient;
  bookingId: string;
}

let backend: TestBackend;
let service: SupabaseClient;
let alice: Customer;
let bob: Customer;
let admin: SupabaseClient;
const userIds: string[] = [];

async function signIn(label: string): Promise<{ id: string; email: string; client: SupabaseClient }> {
  const email = uniqueEmail(label);
  const user = await backend.adminCreateUser(email, PASSWORD);
  userIds.push(user.id);
  const { data, error } = await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id: user.id, email, client: backend.createClient({ accessToken: data.session.access_token }) };
}

/** A customer with one booking and one photo of it, written by the server (service role). */
async function customerWithBooking(label: string): Promise<Customer> {
  const { id, email, client } = await signIn(label);
  const booking = await service
    .from("bookings")
    .insert({
      user_id: id,
      full_name: `Customer ${label}`,
      email,
      phone: "404-555-0100",
      moving_from: "1 Peachtree St, Atlanta",
      moving_to: "2 Ponce de Leon Ave, Atlanta",
      moving_date: "2027-03-01",
      team_type: "elite",
      service_type: "local",
    })
    .select("id")
    .single();
  if (booking.error) throw booking.error;
  const image = await service.from("booking_images").insert({ booking_id: booking.data.id, path: `${id}/sofa.jpg`, file_name: "sofa.jpg" });
  if (image.error) throw image.error;
  return { id, email, client, bookingId: booking.data.id as string };
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.createClient({ key: "service_role" });
  let adminAccount: Awaited<ReturnType<typeof signIn>>;
  [alice, bob, adminAccount] = await Promise.all([customerWithBooking("alice"), customerWithBooking("bob"), signIn("admin")]);
  const { error } = await service.from("user_roles").insert({ user_id: adminAccount.id, role: "admin" });
  if (error) throw error;
  admin = adminAccount.client;
});

afterAll(async () => {
  if (!backend) return;
  if (userIds.length > 0) await service.from("bookings").delete().in("user_id", userIds);
  for (const id of userIds) await service.auth.admin.deleteUser(id);
  await backend.close();
});

describe("row level security inside embedded resources", () => {
  it("shows a customer their bookings with their photos and status history", async () => {
    const { data, error } = await alice.client.from("bookings").select("id, booking_images(path), booking_status_events(status)");
    expect(error).toBeNull();
    expect(data).toEqual([{ id: alice.bookingId, booking_images: [{ path: `${alice.id}/sofa.jpg` }], booking_status_events: [{ status: "pending" }] }]);
  });

  it("gives a customer none of another customer's photos, from either side of the relationship", async () => {
    const images = await bob.client.from("booking_images").select("path, bookings(id)").eq("booking_id", alice.bookingId);
    expect(images).toMatchObject({ data: [], error: null, status: 200 });
    const own = await bob.client.from("booking_images").select("path, bookings(full_name)");
    expect(own.data).toEqual([{ path: `${bob.id}/sofa.jpg`, bookings: { full_name: "Customer bob" } }]);
  });

  it("gives a customer none of another customer's bookings, even through !inner", async () => {
    const { data, count } = await bob.client.from("booking_images").select("path, bookings!inner(id)", { count: "exact" }).eq("bookings.id", alice.bookingId);
    expect(data).toEqual([]);
    expect(count).toBe(0);
    const history = await bob.client.from("booking_status_events").select("status, bookings(id)").eq("booking_id", alice.bookingId);
    expect(history.data).toEqual([]);
  });

  it("refuses anon, which holds no privilege on the embedded table, as PostgREST does", async () => {
    const { error, status } = await backend.createClient().from("bookings").select("id, booking_images(path)");
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: "42501", message: "permission denied for table bookings" });
  });

  it("shows an admin every booking with every photo", async () => {
    const { data } = await admin.from("bookings").select("full_name, booking_images(path)").in("id", [alice.bookingId, bob.bookingId]).order("full_name");
    expect(data).toEqual([
      { full_name: "Customer alice", booking_images: [{ path: `${alice.id}/sofa.jpg` }] },
      { full_name: "Customer bob", booking_images: [{ path: `${bob.id}/sofa.jpg` }] },
    ]);
  });

  it("finds no relationship between bookings and profiles: both reference auth.users, which is not exposed", async () => {
    const { error, status } = await alice.client.from("bookings").select("id, profiles(full_name)");
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "PGRST200",
      message: "Could not find a relationship between 'bookings' and 'profiles' in the schema cache",
    });
  });
});
