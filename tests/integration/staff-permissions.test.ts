import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS, ROLE_PERMISSIONS } from "../../app/domain/permissions.ts";
import { APP_ROLES } from "../../app/domain/roles.ts";
import { DEFAULT_COMPANY_SETTINGS } from "../../app/domain/company-settings.ts";
import { saveCompanySettings } from "../../app/services/settings.server.ts";
import { createServiceRoleClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The database grants what app/domain/permissions.ts says each role may do, and nothing more: a crafted
// request with a moderator's or a customer's token changes nothing it may not.

let backend: TestBackend;
let service: SupabaseClient;
let admin: SignedInCustomer;
let moderator: SignedInCustomer;
let customer: SignedInCustomer;
let bookingId: string;
/** Another customer's booking, which the first customer must not read. */
let othersBookingId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.createClient({ key: "service_role" });
  let other: SignedInCustomer;
  [admin, moderator, customer, other] = await Promise.all([
    signInStaff(backend, "admin", "admin", "Ada Admin"),
    signInStaff(backend, "moderator", "moderator", "Mo Moderator"),
    signInCustomer(backend, "customer", "Cam Customer"),
    signInCustomer(backend, "other", "Otto Other"),
  ]);
  const serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  bookingId = (await insertStoredBooking(serviceRole, customer)).id;
  othersBookingId = (await insertStoredBooking(serviceRole, other, { full_name: "Otto Other" })).id;
});

afterAll(async () => {
  await backend?.close();
});

describe.skipIf(usingHostedBackend)("the role map", () => {
  it("in the database is the app's", async () => {
    const rows = await backend.sql<{ role: string; permission: string }>("select role::text, permission from public.role_permissions");
    for (const role of APP_ROLES) {
      const inDatabase = rows.filter((row) => row.role === role).map((row) => row.permission);
      expect(inDatabase.sort(), role).toEqual([...ROLE_PERMISSIONS[role]].sort());
    }
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
  });
});

describe("has_permission", () => {
  it("answers the caller about themselves", async () => {
    const ask = (who: SignedInCustomer, permission: string) => who.client.rpc("has_permission", { _permission: permission }).then((answer) => answer.data);
    expect(await ask(admin, "users:manage")).toBe(true);
    expect(await ask(moderator, "bookings:status")).toBe(true);
    expect(await ask(moderator, "bookings:write")).toBe(false);
    expect(await ask(moderator, "settings:write")).toBe(false);
    expect(await ask(customer, "bookings:read")).toBe(false);
  });
});

describe("a moderator", () => {
  it("reads every booking and its history", async () => {
    const { data } = await moderator.client.from("bookings").select("id").eq("id", bookingId);
    expect(data).toEqual([{ id: bookingId }]);
    const history = await moderator.client.from("booking_status_events").select("status").eq("booking_id", bookingId);
    expect(history.data).toEqual([{ status: "pending" }]);
  });

  it("changes a booking's status, and the history names them", async () => {
    const { error } = await moderator.client.rpc("set_booking_status", { _booking_id: bookingId, _status: "confirmed" });
    expect(error).toBeNull();
    const { data } = await service
      .from("booking_status_events")
      .select("status, changed_by")
      .eq("booking_id", bookingId)
      .order("changed_at", { ascending: false })
      .limit(1)
      .single();
    expect(data).toEqual({ status: "confirmed", changed_by: moderator.user.id });
  });

  it("cannot change the company settings", async () => {
    const { error } = await moderator.client.from("app_settings").update({ company_name: "Taken Over" }).eq("id", true).select("company_name");
    expect(error).toMatchObject({ code: "42501" });
    const saved = await saveCompanySettings(moderator.client, { ...DEFAULT_COMPANY_SETTINGS, companyName: "Taken Over" });
    expect(saved).toEqual({ kind: "forbidden" });
    const { data } = await service.from("app_settings").select("company_name").single();
    expect(data?.company_name).not.toBe("Taken Over");
  });

  it("is refused a staff function their role lacks, told which permission it needs", async () => {
    const { error } = await moderator.client.rpc("last_applied_migration");
    expect(error).toMatchObject({ code: "42501", message: "You do not have the permission settings:write" });
  });
});

describe("a customer with their own token", () => {
  it("cannot change the status of their own booking, nor read anyone else's", async () => {
    const { error } = await customer.client.rpc("set_booking_status", { _booking_id: bookingId, _status: "completed" });
    expect(error).toMatchObject({ code: "42501" });
    const { data } = await service.from("bookings").select("status").eq("id", bookingId).single();
    expect(data?.status).not.toBe("completed");
    // Someone else's booking exists (the service role reads it), yet the customer's token reads none of it.
    expect((await service.from("bookings").select("id").neq("user_id", customer.user.id)).data).toEqual([{ id: othersBookingId }]);
    const others = await customer.client.from("bookings").select("id").neq("user_id", customer.user.id);
    expect(others.error).toBeNull();
    expect(others.data).toEqual([]);
    expect((await customer.client.from("bookings").select("id").eq("id", othersBookingId)).data).toEqual([]);
    expect((await customer.client.from("bookings").select("id")).data).toEqual([{ id: bookingId }]);
  });
});
