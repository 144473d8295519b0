import { describe, expect, it } from "vitest";
import {
  WIZARD_STEPS,
  adjustCounter,
  counterAdjustment,
  draftValuesFromForm,
  firstIncompleteStep,
  nextStep,
  parseReturnTo,
  preselectionsFrom,
  previousStep,
  reachableStep,
  readDraft,
  returnSearch,
  stepAfter,
  withFormAnswers,
  withStepAnswers,
  type BookingDraft,
} from "./booking-wizard";

const TODAY = "2026-11-23";
const contact: BookingDraft = { fullName: "Ada", email: "ada@example.com", phone: "4045550182" };
const details: BookingDraft = { date: "2026-12-01", fromAddress: "1 A St", toAddress: "2 B St", propertySize: "studio" };

describe("wizard steps", () => {
  it("go forward and back in order, ending on the review", () => {
    expect(nextStep("contact")).toBe("details");
    expect(nextStep("addons")).toBe("review");
    expect(nextStep("review")).toBeNull();
    expect(previousStep("contact")).toBeNull();
    expect(previousStep("team")).toBe("details");
    expect(previousStep("review")).toBe("addons");
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

  it("reach the review only with every answer step complete", () => {
    const complete: BookingDraft = { ...contact, ...details, teamType: "elite", serviceType: "local" };
    expect(reachableStep("review", complete, TODAY)).toBe("review");
    expect(reachableStep("review", { ...complete, serviceType: undefined }, TODAY)).toBe("service");
    expect(reachableStep("review", { ...complete, phone: undefined }, TODAY)).toBe("contact");
    expect(reachableStep("review", { ...complete, extraMovers: 9 } as BookingDraft, TODAY)).toBe("addons");
    // A date that has passed since the review was last shown.
    expect(reachableStep("review", { ...complete, date: "2026-11-01" }, TODAY)).toBe("details");
  });
});

describe("returning to the review", () => {
  it("is asked for with return=review and nothing else", () => {
    expect(parseReturnTo(new URLSearchParams("return=review"))).toBe("review");
    expect(parseReturnTo(new URLSearchParams("team=luxury&return=review"))).toBe("review");
    for (const query of ["", "return=", "return=REVIEW", "return=addons", "return=https://evil.example", "return=/book/review", "returnTo=review"]) {
      expect(parseReturnTo(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it("is carried as its query, or nothing", () => {
    expect(returnSearch("review")).toBe("?return=review");
    expect(returnSearch(null)).toBe("");
    expect(parseReturnTo(new URLSearchParams(returnSearch("review")))).toBe("review");
  });

  it("sends Continue back to the review from any answer step opened from it; otherwise on to the next step", () => {
    for (const step of WIZARD_STEPS.filter((step) => step !== "review")) {
      expect(stepAfter(step, "review")).toBe("review");
      expect(stepAfter(step, null)).toBe(nextStep(step));
    }
    expect(stepAfter("addons", null)).toBe("review");
    // The review's own button pays: it never leads to another step.
    expect(stepAfter("review", "review")).toBeNull();
    expect(stepAfter("review", null)).toBeNull();
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

  it("read a counter's − or + from its button's intent, and nothing else", () => {
    expect(counterAdjustment("adjust:tvMounting:1")).toEqual({ counter: "tvMounting", delta: 1 });
    expect(counterAdjustment("adjust:deepCleaningBedrooms:-1")).toEqual({ counter: "deepCleaningBedrooms", delta: -1 });
    for (const other of ["adjust:tvMounting:2", "adjust:packingService:1", "adjust:extraMovers:1 ", "save-booking", ""]) {
      expect(counterAdjustment(other), other).toBeNull();
    }
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

describe("the draft as a step's form holds it", () => {
  it("takes the step's fields from the form, a field emptied gone, and keeps the other steps' answers", () => {
    const saved: BookingDraft = { ...contact, ...details, time: "08:00", teamType: "luxury" };
    const form = new FormData();
    form.set("date", "2026-12-03");
    form.set("time", "");
    form.set("fromAddress", "9 New St");
    form.set("toAddress", "   ");
    form.set("propertySize", "3_bedroom");
    expect(withFormAnswers(saved, "details", form)).toEqual({
      ...contact,
      teamType: "luxury",
      date: "2026-12-03",
      fromAddress: "9 New St",
      propertySize: "3_bedroom",
    });
  });
});

describe("a step's answers saved", () => {
  it("replace what the draft held for that step: 'No preferred time' after a time leaves no time", () => {
    const saved: BookingDraft = { ...contact, ...details, time: "08:00", teamType: "luxury" };
    const answers: BookingDraft = { date: "2026-12-03", fromAddress: "9 New St", toAddress: "1 Old Rd", propertySize: "studio" };
    expect(withStepAnswers(saved, "details", answers)).toEqual({ ...contact, teamType: "luxury", ...answers });
    expect(withStepAnswers(saved, "team", { teamType: "elite" })).toEqual({ ...saved, teamType: "elite" });
  });
});
