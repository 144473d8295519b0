import { describe, expect, it } from "vitest";
import {
  approvalThresholdCents,
  type BILL_MESSAGES,
  billedMinutes,
  chargeableNowCents,
  finalBill,
  needsApproval,
  tipCents,
  type BillInput,
} from "./final-bill";

// The published prices, written out here rather than read from the pricing module, so a bill is
// checked against what the company advertises and not against itself. Dollars.
const HOURLY = { elite: { local: 150, long_distance: 300, commercial: 400 }, luxury: { local: 175, long_distance: 350, commercial: 468 } } as const;
const PACKING = 120;
const STORAGE = 80;
const CLEANING = 120;
const EXTRA_MOVER = 35;
const TV_FIRST = 120;
const TV_AFTER = 20;
const DEEP_FIRST = 150;
const DEEP_AFTER = 50;
const TRUCK = 100;

/** The bill in dollars, by hand: quarter hours rounded up, two hours at least. */
function oracleTotalDollars(input: BillInput, minutes: number): number {
  const quarters = Math.max(8, Math.ceil(minutes / 15));
  const labor = (HOURLY[input.teamType][input.serviceType] * quarters) / 4;
  const tiered = (count: number, first: number, after: number) => (count === 0 ? 0 : first + (count - 1) * after);
  return (
    labor +
    (input.packingService ? PACKING : 0) +
    (input.storageService ? STORAGE : 0) +
    (input.cleaningService ? CLEANING : 0) +
    input.extraMovers * EXTRA_MOVER +
    tiered(input.tvMounting, TV_FIRST, TV_AFTER) +
    tiered(input.deepCleaningBedrooms, DEEP_FIRST, DEEP_AFTER) +
    TRUCK -
    input.discountCents / 100
  );
}

const move = (overrides: Partial<BillInput> = {}): BillInput => ({
  teamType: "elite",
  serviceType: "local",
  worked: { kind: "span", startedAt: "08:00", endedAt: "14:00" },
  packingService: false,
  storageService: false,
  cleaningService: false,
  extraMovers: 0,
  tvMounting: 0,
  deepCleaningBedrooms: 0,
  discountCents: 0,
  discountReason: "",
  depositPaidCents: 5_000,
  ...overrides,
});

function billOf(input: BillInput) {
  const result = finalBill(input);
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.bill;
}

describe("the final bill", () => {
  it("charges the crew's time in quarter hours, a part of one as a whole, with the truck fee, less the deposit", () => {
    const bill = billOf(move({ worked: { kind: "span", startedAt: "08:00", endedAt: "14:20" } }));
    expect(bill.workedMinutes).toBe(380);
    expect(bill.billedMinutes).toBe(390);
    expect(bill.lines).toEqual([
      { id: "labor", label: "Moving team, 6 h 30 min", amountCents: 97_500 },
      { id: "truck-fee", label: "Truck and travel fee (up to 25 miles)", amountCents: 10_000 },
    ]);
    expect(bill).toMatchObject({ subtotalCents: 107_500, totalCents: 107_500, depositPaidCents: 5_000, balanceCents: 102_500 });
  });

  it("charges two hours at least, as every estimate does", () => {
    expect(billedMinutes(1)).toBe(120);
    expect(billedMinutes(121)).toBe(135);
    expect(billOf(move({ worked: { kind: "total", minutes: 60 } })).lines[0]).toEqual({ id: "labor", label: "Moving team, 2 hours", amountCents: 30_000 });
  });

  it("prices the add-ons provided as the wizard does, and a luxury long-distance crew at its rate", () => {
    const bill = billOf(
      move({
        teamType: "luxury",
        serviceType: "long_distance",
        worked: { kind: "total", minutes: 190 },
        packingService: true,
        extraMovers: 2,
        tvMounting: 3,
        deepCleaningBedrooms: 2,
      }),
    );
    expect(bill.lines.map((line) => [line.id, line.amountCents])).toEqual([
      ["labor", 113_750],
      ["packing", 12_000],
      ["extra-movers", 7_000],
      ["tv-mounting", 16_000],
      ["deep-cleaning", 20_000],
      ["truck-fee", 10_000],
    ]);
    expect(bill.totalCents).toBe(178_750);
  });

  it("takes a discount with its reason off the total, and never leaves a balance below nothing", () => {
    const bill = billOf(move({ discountCents: 12_550, discountReason: "  Scratched a table  " }));
    expect(bill).toMatchObject({
      subtotalCents: 100_000,
      discountCents: 12_550,
      discountReason: "Scratched a table",
      totalCents: 87_450,
      balanceCents: 82_450,
    });
    const free = billOf(move({ discountCents: 100_000, discountReason: "On the house" }));
    expect(free).toMatchObject({ totalCents: 0, balanceCents: 0 });
  });

  it.each([
    [{ worked: { kind: "span", startedAt: "8:00", endedAt: "14:00" } }, "badTime"],
    [{ worked: { kind: "span", startedAt: "14:00", endedAt: "14:00" } }, "endBeforeStart"],
    [{ worked: { kind: "span", startedAt: "14:00", endedAt: "09:00" } }, "endBeforeStart"],
    [{ worked: { kind: "total", minutes: 0 } }, "noWork"],
    [{ worked: { kind: "total", minutes: -30 } }, "noWork"],
    [{ worked: { kind: "total", minutes: 90.5 } }, "noWork"],
    [{ worked: { kind: "total", minutes: 24 * 60 + 1 } }, "tooLong"],
    [{ discountCents: -1, discountReason: "x" }, "badDiscount"],
    [{ discountCents: 100_001, discountReason: "Too kind" }, "discountOverBill"],
    [{ discountCents: 500, discountReason: "   " }, "discountNeedsReason"],
    [{ discountCents: 500, discountReason: "x".repeat(201) }, "reasonTooLong"],
    [{ extraMovers: 7 }, "badAddons"],
    [{ tvMounting: -1 }, "badAddons"],
  ] as Array<[Partial<BillInput>, keyof typeof BILL_MESSAGES]>)("refuses %j: %s", (overrides, problem) => {
    expect(finalBill(move(overrides))).toEqual({ ok: false, problem });
  });

  it("takes a whole day of work, and no more", () => {
    expect(billOf(move({ worked: { kind: "total", minutes: 24 * 60 } })).billedMinutes).toBe(1440);
  });

  it("adds up to the published prices for every crew, service and add-on, to the cent", () => {
    // A fixed walk through the choices: every team and service, times around each quarter hour.
    let seed = 7;
    const next = (limit: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % limit;
    for (let round = 0; round < 400; round++) {
      const minutes = 1 + next(1_440);
      const input = move({
        teamType: (["elite", "luxury"] as const)[next(2)]!,
        serviceType: (["local", "long_distance", "commercial"] as const)[next(3)]!,
        worked: { kind: "total", minutes },
        packingService: next(2) === 1,
        storageService: next(2) === 1,
        cleaningService: next(2) === 1,
        extraMovers: next(7),
        tvMounting: next(7),
        deepCleaningBedrooms: next(6),
        discountCents: next(3) === 0 ? next(20_000) : 0,
        discountReason: "Goodwill",
        depositPaidCents: 5_000,
      });
      const bill = billOf(input);
      const expected = Math.round(oracleTotalDollars(input, minutes) * 100);
      expect(bill.totalCents).toBe(expected);
      expect(bill.balanceCents).toBe(Math.max(0, expected - 5_000));
      expect(bill.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(bill.subtotalCents);
    }
  });
});

describe("the customer's approval", () => {
  it("is needed only above the accepted estimate plus the margin", () => {
    expect(approvalThresholdCents(100_000, 10)).toBe(110_000);
    expect(approvalThresholdCents(99_999, 10)).toBe(109_998);
    expect(needsApproval(110_000, 100_000, 10)).toBe(false);
    expect(needsApproval(110_001, 100_000, 10)).toBe(true);
    expect(needsApproval(100_001, 100_000, 0)).toBe(true);
  });

  it("lets the office charge up to the margin before it, and the whole balance once approved or within it", () => {
    const over = { totalCents: 130_000, depositPaidCents: 5_000, balanceCents: 125_000 };
    expect(chargeableNowCents(over, 100_000, 10, false)).toBe(105_000);
    expect(chargeableNowCents(over, 100_000, 10, true)).toBe(125_000);
    const within = { totalCents: 108_000, depositPaidCents: 5_000, balanceCents: 103_000 };
    expect(chargeableNowCents(within, 100_000, 10, false)).toBe(103_000);
    // A deposit above the margin already: nothing more until the customer approves.
    expect(chargeableNowCents({ totalCents: 20_000, depositPaidCents: 5_000, balanceCents: 15_000 }, 1_000, 10, false)).toBe(0);
  });
});

describe("the tip", () => {
  it("is a share of what the move cost, to the nearest cent, or an amount up to the bill", () => {
    expect(tipCents({ kind: "percent", percent: 15 }, 107_500)).toEqual({ cents: 16_125 });
    expect(tipCents({ kind: "percent", percent: 10 }, 99_999)).toEqual({ cents: 10_000 });
    expect(tipCents({ kind: "percent", percent: 20 }, 5)).toEqual({ cents: 1 });
    expect(tipCents({ kind: "none" }, 107_500)).toEqual({ cents: 0 });
    expect(tipCents({ kind: "amount", cents: 2_000 }, 107_500)).toEqual({ cents: 2_000 });
    expect(tipCents({ kind: "amount", cents: 107_501 }, 107_500)).toEqual({ problem: "overBill" });
    expect(tipCents({ kind: "amount", cents: -100 }, 107_500)).toEqual({ problem: "badAmount" });
    expect(tipCents({ kind: "amount", cents: 10.5 }, 107_500)).toEqual({ problem: "badAmount" });
  });
});
