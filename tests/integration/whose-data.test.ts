import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myBookingCounts } from "../../app/services/customer-bookings.server.ts";
import { countGalleryPhotos, findGalleryPhoto, listGalleryPhotos } from "../../app/services/gallery.server.ts";
import { rebookingChoices } from "../../app/services/rebooking.server.ts";
import { DEFAULT_COMPANY_SETTINGS } from "../../app/domain/company-settings.ts";
import { loadCompanySettings, saveCompanySettings } from "../../app/services/settings.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signInCustomer, type SignedInCustomer } from "./support/app-harness.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { crewsToSpare } from "./support/crews.ts";

// Customer-side reads name the customer whose data they want. An admin's own client may read every
// customer's rows (the admin area needs that), so an admin's own dashboard, gallery and Book Again
// must still show only the admin's own. And what the database tells a signed-in user about others
// is only what is theirs to know: roles, and who saved the settings.

let backend: TestBackend;
let serviceRole: AppSupabaseClient;
let admin: SignedInCustomer;
let customer: SignedInCustomer;

async function grantAdmin(who: SignedInCustomer) {
  const { error } = await serviceRole.from("user_roles").insert({ user_id: who.user.id, role: "admin" });
  if (error) throw error;
}

/** Gallery rows written by the service role (their files need not exist to be listed or counted). */
async function seedPhotos(userId: string, count: number, label: string) {
  const rows = Array.from({ length: count }, (_, n) => {
    const id = randomUUID();
    return { id, user_id: userId, image_url: `/dashboard/gallery/${id}/full`, file_name: `${label}-${n}.jpg`, path: `${userId}/${id}.jpg` };
  });
  const { error } = await serviceRole.from("user_images").insert(rows);
  if (error) throw error;
  return rows;
}

let created = 0;

/** A booking as the server writes it (service role). */
function seedBooking(owner: SignedInCustomer, status = "completed") {
  return insertStoredBooking(serviceRole, owner, {
    full_name: "Owner Of The Move",
    moving_from: `${++created} Origin St, Atlanta`,
    moving_to: `${created} Destination Ave, Atlanta`,
    service_type: "long_distance",
    status,
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(serviceRole);
  admin = await signInCustomer(backend, "admin", "Ada Admin");
  customer = await signInCustomer(backend, "customer", "Cleo Customer");
  await grantAdmin(admin);
});

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("an admin's own gallery", () => {
  it("lists and counts the admin's photos only, though admins may read every customer's", async () => {
    const theirs = await seedPhotos(customer.user.id, 3, "customer");
    const own = await seedPhotos(admin.user.id, 2, "admin");
    // The admin area's reach: an admin's client reads other customers' gallery rows.
    const everyone = await admin.client.from("user_images").select("id").eq("user_id", customer.user.id);
    expect(everyone.data?.map((row) => row.id).sort()).toEqual(theirs.map((row) => row.id).sort());

    const listed = await listGalleryPhotos(admin.client, admin.user.id);
    expect(listed.map((photo) => photo.id).sort()).toEqual(own.map((row) => row.id).sort());
    expect(await countGalleryPhotos(admin.client, admin.user.id)).toBe(2);
    expect(await countGalleryPhotos(customer.client, customer.user.id)).toBe(3);
  });

  it("finds the admin's own photo by id, and never another customer's", async () => {
    const [theirs] = await seedPhotos(customer.user.id, 1, "lookup");
    const [own] = await seedPhotos(admin.user.id, 1, "lookup");
    expect(await findGalleryPhoto(admin.client, admin.user.id, theirs!.id)).toEqual({ kind: "not-found" });
    expect(await findGalleryPhoto(admin.client, admin.user.id, own!.id)).toMatchObject({ kind: "found", photo: { id: own!.id, path: own!.path } });
  });

  it("counts 20 photos per gallery: another customer's full gallery leaves the admin's room", async () => {
    const full = await signInCustomer(backend, "full");
    await seedPhotos(full.user.id, 20, "full");
    const roomy = await signInCustomer(backend, "roomy");
    await grantAdmin(roomy);
    await seedPhotos(roomy.user.id, 19, "roomy");
    expect(await countGalleryPhotos(roomy.client, roomy.user.id)).toBe(19);
    const id = randomUUID();
    const twentieth = await roomy.client
      .from("user_images")
      .insert({ id, user_id: roomy.user.id, image_url: `/dashboard/gallery/${id}/full`, file_name: "twentieth.jpg", path: `${roomy.user.id}/${id}.jpg` });
    expect(twentieth.error).toBeNull();
  });
});

describe.skipIf(usingHostedBackend)("an admin's own bookings", () => {
  it("Book Again reads the admin's own booking, never another customer's", async () => {
    const theirs = await seedBooking(customer);
    const own = await seedBooking(admin);
    expect(await rebookingChoices(admin.client, admin.user.id, theirs.id)).toBeNull();
    expect(await rebookingChoices(admin.client, admin.user.id, own.id)).toEqual({
      fromAddress: own.moving_from,
      toAddress: own.moving_to,
      serviceType: "long_distance",
    });
  });

  it("the dashboard's counters count the admin's own bookings only", async () => {
    const counter = await signInCustomer(backend, "counter");
    await grantAdmin(counter);
    await seedBooking(customer, "pending");
    await seedBooking(counter, "completed");
    expect(await myBookingCounts(counter.client)).toEqual({ total: 1, active: 0, completed: 1 });
  });
});

describe.skipIf(usingHostedBackend)("role checks", () => {
  it("has_role, which no policy or function called, is gone: no one can ask it who is an admin", async () => {
    const anonymous = backend.createClient() as unknown as AppSupabaseClient;
    for (const client of [anonymous, customer.client, admin.client, serviceRole]) {
      // Untyped: the database's types no longer list it.
      const probe = await (client as unknown as SupabaseClient).rpc("has_role", { _user_id: admin.user.id, _role: "admin" });
      expect(probe.data).toBeNull();
      expect(probe.status).toBe(404);
      expect(probe.error).toMatchObject({ code: "PGRST202" });
    }
  });

  it("the admin policies and functions keep working without it", async () => {
    const theirs = await seedBooking(customer, "pending");
    const read = await admin.client.from("bookings").select("id").eq("id", theirs.id);
    expect(read.data).toEqual([{ id: theirs.id }]);
    const { data: status, error } = await admin.client.rpc("set_booking_status", { _booking_id: theirs.id, _status: "confirmed" });
    expect(error).toBeNull();
    expect(status).toMatchObject({ status: "confirmed" });
    expect((await customer.client.from("bookings").select("id").eq("id", theirs.id)).data).toEqual([{ id: theirs.id }]);
  });
});

describe.skipIf(usingHostedBackend)("the company settings", () => {
  it("are readable by everyone, but who saved them last is not", async () => {
    // An admin saves them: the database stamps who did.
    expect(await saveCompanySettings(admin.client, { ...DEFAULT_COMPANY_SETTINGS, companyName: "Peach State Moving" })).toEqual({ kind: "saved", changes: 1 });
    const stamped = await serviceRole.from("app_settings").select("updated_by").single();
    expect(stamped.data).toEqual({ updated_by: admin.user.id });

    const anonymous = backend.createClient() as unknown as AppSupabaseClient;
    for (const client of [anonymous, customer.client]) {
      const who = await client.from("app_settings").select("updated_by");
      expect(who.data).toBeNull();
      expect(who.error).toMatchObject({ code: "42501" });
      expect((await client.from("app_settings").select("*")).data).toBeNull();
      const company = await client.from("app_settings").select("company_name, auto_confirm_bookings").single();
      expect(company.error).toBeNull();
      expect(company.data?.company_name).toBe("Peach State Moving");
      expect(await loadCompanySettings(client)).toMatchObject({ companyName: "Peach State Moving" });
    }
    expect(await loadCompanySettings(serviceRole)).toMatchObject({ companyName: "Peach State Moving" });
  });
});
