import { describe, expect, it } from "vitest";
import { DEFAULT_CUSTOMER_CHANGE_RULES } from "./booking-cancellation";
import { cancellationTerms, chosenAddons, moveSummary, priceInBrief, reviewSections, runningEstimate } from "./booking-review";
import type { BookingDraft } from "./booking-wizard";

const complete: BookingDraft = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "(404) 555-0182",
  date: "2026-12-01",
  time: "08:00",
  fromAddress: "1 Peachtree St, Atlanta",
  toAddress: "2 Ponce de Leon Ave, Atlanta",
  propertySize: "2_bedroom",
  teamType: "elite",
  serviceType: "local",
};

describe("the review's sections", () => {
  it("give every answer in words, grouped by the step that asked for it", () => {
    const sections = reviewSections({
      ...complete,
      packingService: true,
      cleaningService: true,
      storageService: false,
      extraMovers: 2,
      tvMounting: 0,
      deepCleaningBedrooms: 3,
      specialInstructions: "Piano on the third floor",
      photos: [1, 2, 3].map((n) => ({ path: `p${n}`, thumbPath: `t${n}`, fileName: `${n}.jpg` })),
    });
    expect(sections.map((section) => [section.step, section.title, section.lines.map((line) => `${line.label}: ${line.value}`)])).toEqual([
      ["contact", "Contact", ["Name: Ada Lovelace", "Email: ada@example.com", "Phone: (404) 555-0182"]],
      [
        "details",
        "Move details",
        [
          "Date and time: Tuesday, December 1, 2026 · 8:00 AM",
          "From: 1 Peachtree St, Atlanta",
          "To: 2 Ponce de Leon Ave, Atlanta",
          "Property size: 2 bedrooms",
        ],
      ],
      ["team", "Team", ["Team: Elite Team"]],
      ["service", "Service", ["Service: Local move"]],
      [
        "addons",
        "Add-ons",
        [
          "Services: Packing service, Basic cleaning",
          "Extra movers: 2",
          "Deep cleaning (bedrooms): 3",
          "Special instructions: Piano on the third floor",
          "Photos: 3 photos",
        ],
      ],
    ]);
  });

  it("say when no add-on was chosen and no start time picked, and count one photo as one", () => {
    const sections = reviewSections({ ...complete, time: undefined, photos: [{ path: "p", thumbPath: "t", fileName: "a.jpg" }] });
    expect(sections.find((section) => section.step === "details")!.lines[0]).toEqual({ label: "Date and time", value: "Tuesday, December 1, 2026 · Any time" });
    expect(sections.find((section) => section.step === "addons")!.lines).toEqual([
      { label: "Services", value: "None" },
      { label: "Photos", value: "1 photo" },
    ]);
  });
});

describe("the summary beside the steps", () => {
  it("shows what is answered so far and leaves the rest open", () => {
    expect(moveSummary({ fromAddress: "1 A St", teamType: "luxury", tvMounting: 2 })).toEqual([
      { label: "Date and time", value: null },
      { label: "From", value: "1 A St" },
      { label: "To", value: null },
      { label: "Team", value: "Luxury Team" },
      { label: "Service", value: null },
      { label: "Add-ons", value: "TV mounting × 2" },
    ]);
  });

  it("lists the add-ons in the order the step offers them", () => {
    expect(chosenAddons({ deepCleaningBedrooms: 1, storageService: true, extraMovers: 0, packingService: true })).toEqual([
      "Packing service",
      "Storage service",
      "Deep cleaning (bedrooms) × 1",
    ]);
    expect(chosenAddons({})).toEqual([]);
  });

  it("estimates only once the team, the service and the home's size are known", () => {
    expect(runningEstimate({ teamType: "elite", serviceType: "local" })).toBeNull();
    expect(runningEstimate({ propertySize: "2_bedroom", teamType: "elite" })).toBeNull();
    // Elite local, 2 bedrooms: 6 hours at $150, the $100 truck fee, and $120 of packing.
    expect(runningEstimate({ ...complete, packingService: true })?.totalCents).toBe(6 * 150_00 + 100_00 + 120_00);
  });

  it("tells the price in brief: the estimate, else the rate the choices so far allow", () => {
    expect(priceInBrief(complete)).toEqual({ label: "Estimate", value: "$1,000" });
    expect(priceInBrief({})).toEqual({ label: "From", value: "$150/hr" });
    expect(priceInBrief({ teamType: "luxury" })).toEqual({ label: "From", value: "$175/hr" });
    expect(priceInBrief({ serviceType: "commercial" })).toEqual({ label: "From", value: "$400/hr" });
    expect(priceInBrief({ teamType: "luxury", serviceType: "long_distance" })).toEqual({ label: "Hourly rate", value: "$350/hr" });
  });
});

describe("the cancellation terms", () => {
  const beforeTheMove = new Date("2026-11-23T12:00:00Z");
  const deposit = "The $50 deposit is applied to your final bill. Cancel online in time and it is refunded in full to the card you paid with.";
  const company = { timeZone: "America/New_York", rules: DEFAULT_CUSTOMER_CHANGE_RULES };

  it("say until when a customer may cancel online: 48 hours before the move's slot on the company's clock", () => {
    // 10:00 AM in Atlanta on December 1 (EST), less 48 hours.
    expect(cancellationTerms({ date: "2026-12-01", time: "10:00" }, beforeTheMove, true, company)).toEqual([
      "You can reschedule or cancel online from your dashboard until Nov 29, 2026, 10:00 AM EST, 48 hours before your move. Closer to the move, call us to change or cancel it.",
      deposit,
    ]);
  });

  it("count from the first slot without a start time, and tell a guest how to cancel", () => {
    expect(cancellationTerms({ date: "2026-12-01", time: undefined }, beforeTheMove, false, company)).toEqual([
      "You can reschedule or cancel online from the link in your confirmation email until Nov 29, 2026, 8:00 AM EST, 48 hours before your move (which starts at 8:00 AM when no start time is chosen). Closer to the move, call us to change or cancel it.",
      deposit,
    ]);
  });

  it("say a move less than 48 hours away can only be cancelled by phone", () => {
    const justAfterTheDeadline = new Date("2026-11-29T15:00:01Z");
    expect(cancellationTerms({ date: "2026-12-01", time: "10:00" }, justAfterTheDeadline, true, company)).toEqual([
      "Your move is less than 48 hours away, so it can no longer be cancelled online. Call us to change or cancel it.",
      deposit,
    ]);
    expect(cancellationTerms({ date: "2026-12-01", time: "10:00" }, new Date("2026-11-29T15:00:00Z"), true, company)[0]).toMatch(
      /^You can reschedule or cancel online/,
    );
  });

  it("follow the company's rules: another notice, and a deposit kept", () => {
    const strict = { timeZone: "America/New_York", rules: { ...DEFAULT_CUSTOMER_CHANGE_RULES, noticeHours: 72, refundOnCancel: false } };
    expect(cancellationTerms({ date: "2026-12-01", time: "10:00" }, beforeTheMove, true, strict)).toEqual([
      "You can reschedule or cancel online from your dashboard until Nov 28, 2026, 10:00 AM EST, 72 hours before your move. Closer to the move, call us to change or cancel it.",
      "The $50 deposit is applied to your final bill. It is not refunded when you cancel.",
    ]);
    // A company that moves bookings only from its office offers cancelling alone.
    const officeMoves = { timeZone: "America/New_York", rules: { ...DEFAULT_CUSTOMER_CHANGE_RULES, rescheduleLimit: 0 } };
    expect(cancellationTerms({ date: "2026-12-01", time: "10:00" }, beforeTheMove, true, officeMoves)[0]).toMatch(
      /^You can cancel online from your dashboard until/,
    );
  });

  it("keep to the deposit when the date cannot be read", () => {
    expect(cancellationTerms({ date: "someday" }, beforeTheMove, true, company)).toEqual([deposit]);
  });
});
