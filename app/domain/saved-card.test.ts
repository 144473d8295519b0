import { describe, expect, it } from "vitest";
import { officeChargeableCents, type BillPayment } from "./balance-payment";
import type { KeptBill } from "./final-bill";
import { SAVED_CARD_MESSAGES, officeBalanceView, savedCardLabel, type SavedCard } from "./saved-card";

// A $1,300 bill over an accepted estimate of $1,000 with a 10% margin: the office may charge up to
// $1,100 of it, less the $50 deposit, before the customer approves it.
const overMargin = (columns: Partial<KeptBill> = {}) =>
  ({
    id: "bill",
    total_cents: 130_000,
    deposit_paid_cents: 5_000,
    balance_cents: 125_000,
    accepted_estimate_cents: 100_000,
    margin_percent: 10,
    needs_approval: true,
    approved_at: null,
    ...columns,
  }) as KeptBill;

const payment = (columns: Partial<BillPayment>) =>
  ({
    id: crypto.randomUUID(),
    status: "paid",
    method: "saved_card",
    balance_cents: 0,
    tip_cents: 0,
    failure_code: null,
    paid_at: "2027-03-01T20:00:00Z",
    ...columns,
  }) as BillPayment;

const visa: SavedCard = { brand: "visa", last4: "4242", expMonth: 3, expYear: 2031 };

describe("what the office may charge now", () => {
  it("is the estimate and its margin less the deposit before the approval, less what was paid since", () => {
    expect(officeChargeableCents(overMargin(), [])).toBe(105_000);
    expect(officeChargeableCents(overMargin(), [payment({ balance_cents: 40_000 })])).toBe(65_000);
    expect(officeChargeableCents(overMargin(), [payment({ balance_cents: 105_000 })])).toBe(0);
    // Failed and open attempts paid nothing.
    expect(officeChargeableCents(overMargin(), [payment({ status: "failed", balance_cents: 105_000, paid_at: null })])).toBe(105_000);
  });

  it("is all that is left once approved, or for a bill within the margin", () => {
    const approved = overMargin({ approved_at: "2027-03-02T10:00:00Z" });
    expect(officeChargeableCents(approved, [payment({ balance_cents: 105_000 })])).toBe(20_000);
    expect(officeChargeableCents(overMargin({ total_cents: 108_000, balance_cents: 103_000, needs_approval: false }), [])).toBe(103_000);
    expect(officeChargeableCents(approved, [payment({ balance_cents: 125_000 })])).toBe(0);
  });
});

describe("the office's view of the balance", () => {
  it("offers the charge with its amount and card, lists payments and refusals, and says why it cannot charge", () => {
    expect(savedCardLabel({ brand: "amex", last4: "0005" })).toBe("American Express ending in 0005");
    expect(savedCardLabel({ brand: "link", last4: "1234" })).toBe("link ending in 1234");

    const fresh = officeBalanceView(overMargin(), [], visa, "America/New_York");
    expect(fresh).toEqual({
      due: "$1,250",
      payments: [],
      savedCard: "Visa ending in 4242, expires 03/2031",
      charge: "Charge $1,050 to Visa ending in 4242",
      chargeNote: null,
    });

    const refusedThenPaid = officeBalanceView(
      overMargin(),
      [
        payment({ id: "a", status: "failed", balance_cents: 105_000, failure_code: "authentication_required", paid_at: null }),
        payment({ id: "b", method: "checkout", balance_cents: 105_000, tip_cents: 15_000 }),
      ],
      visa,
      "America/New_York",
    );
    expect(refusedThenPaid.payments).toEqual([
      { id: "a", text: "$1,050 not charged to the saved card: the bank wants the customer to confirm it. The customer was emailed the link to pay." },
      { id: "b", text: "$1,200 paid by the customer online ($150 of it the crew's tip), Mar 1, 2027, 3:00 PM EST" },
    ]);
    expect(refusedThenPaid).toMatchObject({ due: "$200", charge: null, chargeNote: SAVED_CARD_MESSAGES.needsApproval });

    // A charge Stripe never answered is pressed again for the same money.
    const unanswered = officeBalanceView(overMargin(), [payment({ status: "open", balance_cents: 105_000, paid_at: null })], visa, "America/New_York");
    expect(unanswered).toMatchObject({ charge: "Charge $1,050 to Visa ending in 4242", chargeNote: SAVED_CARD_MESSAGES.unanswered });
    const customerPaying = officeBalanceView(
      overMargin(),
      [payment({ status: "open", method: "checkout", balance_cents: 105_000, paid_at: null })],
      visa,
      "America/New_York",
    );
    expect(customerPaying).toMatchObject({ charge: "Charge $1,050 to Visa ending in 4242", chargeNote: SAVED_CARD_MESSAGES.customerPaying });

    expect(officeBalanceView(overMargin(), [], null, "America/New_York")).toMatchObject({ savedCard: null, charge: null, chargeNote: null });
  });
});
