import { describe, expect, it } from "vitest";
import {
  adjustCounter,
  draftValuesFromForm,
  firstIncompleteStep,
  nextStep,
  preselectionsFrom,
  previousStep,
  reachableStep,
  readDraft,
  type BookingDraft,
} from "./booking-wizard";

const TODAY = "2026-11-23";
const contact: BookingDraft = { fullName: "Ada", email: "ada@example.com", phone: "4045550182" };
const details: BookingDraft = { date: "2026-12-01", fromAddress: "1 A St", toAddress: "2 B St", propertySize: "studio" };

describe("wizard steps", () => {
  it("go forward and back in order", () => {
    expect(nextStep("contact")).toBe("details");
    expect(nextStep("addons")).toBeNull();
    expect(previousStep("contact")).toBeNull();
    expect(previousStep("team")).toBe("details");
  });

  it("know the first step still missing something", () => {
    expect(firstIncompleteStep({}, TODAY)).toBe("contact");
    expect(firstIncompleteStep({ ...contact, ...details }, TODAY)).toBe("team");
    expect(firstIncompleteStep({ ...contact, ...details, teamType: "elite", serviceType: "local" }, TODAY)).toBeNull();
    // A date that has passed since it was entered is asked for again.
    expect(firstIncompleteStep({ ...contact, ...details, date: "2026-11-01", teamType: "elite", serviceType: "local" }, TODAY)).toBe("details");
  });

  it("never let a URL skip past a missing answer", () => {
    expect(reachableStep("addons", contact, TODAY)).toBe("details");
    expect(reachableStep("contact", { ...contact, ...details }, TODAY)).toBe("contact");
  });
});

describe("drafts", () => {
  it("are read leniently: what no longer parses is dropped", () => {
    expect(readDraft({ fullName: "Ada", teamType: "platinum", extraMovers: 9 })).toEqual({ fullName: "Ada" });
    expect(readDraft("garbage")).toEqual({});
  });

  it("move counters within their limits", () => {
    expect(adjustCounter({}, "extraMovers", 1).extraMovers).toBe(1);
    expect(adjustCounter({ extraMovers: 6 }, "extraMovers", 1).extraMovers).toBe(6);
    expect(adjustCounter({ deepCleaningBedrooms: 0 }, "deepCleaningBedrooms", -1).deepCleaningBedrooms).toBe(0);
  });

  it("take the choices a landing card pre-selects", () => {
    expect(preselectionsFrom(new URLSearchParams("team=luxury&tvMounting=1&extraMovers=99&service=moon"))).toEqual({
      teamType: "luxury",
      tvMounting: 1,
      extraMovers: 6,
    });
  });
});

describe("what a step's form holds", () => {
  it("is kept without checks, dropping what would not be valid", () => {
    const form = new FormData();
    form.set("fullName", "  Ada  ");
    form.set("email", "");
    form.set("phone", "x".repeat(41));
    expect(draftValuesFromForm("contact", form)).toEqual({ fullName: "Ada" });
    const addons = new FormData();
    addons.set("packingService", "on");
    addons.set("extraMovers", "3");
    addons.set("tvMounting", "9");
    expect(draftValuesFromForm("addons", addons)).toEqual({ packingService: true, storageService: false, cleaningService: false, extraMovers: 3 });
  });
});
