import { describe, expect, it } from "vitest";
import type { Tables } from "../../supabase/types";
import { COMPANY } from "./company";
import { DEFAULT_COMPANY_FACTS, DEFAULT_COMPANY_SETTINGS, companyFacts, settingsFromRow, settingsToRow, type CompanySettings } from "./company-settings";

const row: Tables<"app_settings"> = {
  id: true,
  company_name: "Peach State Moving",
  admin_email: "office@peachstate.example",
  admin_phone: "(770) 555-0100",
  default_service_area: "Marietta, GA",
  business_hours: "7:00 AM - 7:00 PM",
  emergency_contact: "(770) 555-0199",
  notifications_enabled: false,
  email_alerts: true,
  auto_confirm_bookings: true,
  executive_name: "Dana Okafor",
  executive_title: "Owner",
  updated_at: "2026-11-23T10:00:00+00:00",
  updated_by: "6f1c1a8e-2b7e-4a51-9a64-0d7a3c1e9b10",
};

describe("company settings", () => {
  it("read every column of the settings row into its own field", () => {
    expect(settingsFromRow(row)).toEqual<CompanySettings>({
      companyName: "Peach State Moving",
      adminEmail: "office@peachstate.example",
      adminPhone: "(770) 555-0100",
      defaultServiceArea: "Marietta, GA",
      businessHours: "7:00 AM - 7:00 PM",
      emergencyContact: "(770) 555-0199",
      notificationsEnabled: false,
      emailAlerts: true,
      autoConfirmBookings: true,
      executiveName: "Dana Okafor",
      executiveTitle: "Owner",
    });
  });

  it("write back to the same columns, leaving the key and the save stamp to the database", () => {
    const { id: _id, updated_at: _updatedAt, updated_by: _updatedBy, ...editable } = row;
    expect(settingsToRow(settingsFromRow(row))).toEqual(editable);
  });

  it("start from the company's facts, with notifications and email alerts on and auto-confirm off", () => {
    expect(DEFAULT_COMPANY_SETTINGS).toEqual<CompanySettings>({
      companyName: COMPANY.name,
      adminEmail: COMPANY.email,
      adminPhone: COMPANY.phoneDisplay,
      defaultServiceArea: COMPANY.serviceArea,
      businessHours: "8:00 AM - 6:00 PM",
      emergencyContact: "",
      notificationsEnabled: true,
      emailAlerts: true,
      autoConfirmBookings: false,
      executiveName: COMPANY.executiveName,
      executiveTitle: COMPANY.executiveTitle,
    });
    expect(Object.isFrozen(DEFAULT_COMPANY_SETTINGS)).toBe(true);
  });
});

describe("companyFacts", () => {
  it("shows the saved name, area, phone and email, with a dialable phone number", () => {
    const facts = companyFacts({ ...DEFAULT_COMPANY_SETTINGS, companyName: "Peach Movers", adminPhone: "(678) 555-0199", defaultServiceArea: "Decatur, GA" });
    expect(facts).toMatchObject({ name: "Peach Movers", phoneDisplay: "(678) 555-0199", phoneE164: "+16785550199", serviceArea: "Decatur, GA" });
    expect(companyFacts({ ...DEFAULT_COMPANY_SETTINGS, adminPhone: "+44 20 7946 0958" }).phoneE164).toBe("+442079460958");
  });

  it("defaults to the company's own facts", () => {
    expect(DEFAULT_COMPANY_FACTS).toMatchObject({ name: "Metro Movers", phoneE164: "+14045550182", serviceArea: "Atlanta, GA" });
  });
});
