import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BALANCE_PAYMENT_MESSAGES, balanceDueCents, balanceView, tipFormSchema, type BillPayment } from "./balance-payment";
import type { KeptBill } from "./final-bill";

// A $1,075 bill: 15% of it is $161.25.
const schema = tipFormSchema(107_500);
const read = (fields: Record<string, string>) => parseWithZod(new URLSearchParams(fields), { schema });

describe("the tip form", () => {
  it("reads no tip, a share of the bill rounded to the cent, or an amount of the customer's own", () => {
    expect(read({ tip: "none", tipAmount: "" })).toMatchObject({ status: "success", value: { tipCents: 0 } });
    expect(read({ tip: "10", tipAmount: "" })).toMatchObject({ status: "success", value: { tipCents: 10_750 } });
    expect(read({ tip: "15", tipAmount: "99" })).toMatchObject({ status: "success", value: { tipCents: 16_125 } });
    expect(read({ tip: "20" })).toMatchObject({ status: "success", value: { tipCents: 21_500 } });
    expect(read({ tip: "other", tipAmount: "$40.50" })).toMatchObject({ status: "success", value: { tipCents: 4_050 } });
    expect(parseWithZod(new URLSearchParams({ tip: "15" }), { schema: tipFormSchema(333) })).toMatchObject({ value: { tipCents: 50 } });
  });

  it("refuses a tip it cannot take, beside its field", () => {
    const errorsOf = (fields: Record<string, string>) => {
      const submission = read(fields);
      return submission.status === "error" ? submission.error : null;
    };
    expect(errorsOf({ tip: "", tipAmount: "" })).toEqual({ tip: [BALANCE_PAYMENT_MESSAGES.tipChoice] });
    expect(errorsOf({ tip: "25" })).toEqual({ tip: [BALANCE_PAYMENT_MESSAGES.tipChoice] });
    expect(errorsOf({ tip: "other", tipAmount: "-5" })).toEqual({ tipAmount: [BALANCE_PAYMENT_MESSAGES.tipAmountFormat] });
    expect(errorsOf({ tip: "other", tipAmount: "12.345" })).toEqual({ tipAmount: [BALANCE_PAYMENT_MESSAGES.tipAmountFormat] });
    expect(errorsOf({ tip: "other", tipAmount: "1075.01" })).toEqual({ tipAmount: [BALANCE_PAYMENT_MESSAGES.tipOverBill] });
    expect(errorsOf({ tip: "other", tipAmount: "99999999999" })).toEqual({ tipAmount: [BALANCE_PAYMENT_MESSAGES.tipAmountFormat] });
  });
});

const bill = (columns: Partial<KeptBill> = {}) =>
  ({ total_cents: 107_500, balance_cents: 102_500, needs_approval: false, approved_at: null, ...columns }) as KeptBill;

const payment = (columns: Partial<BillPayment>) =>
  ({ id: crypto.randomUUID(), status: "paid", balance_cents: 0, tip_cents: 0, paid_at: "2027-03-01T20:00:00Z", ...columns }) as BillPayment;

describe("the balance left", () => {
  it("is the bill's balance less what paid payments paid, never below nothing; tips do not count", () => {
    expect(balanceDueCents(bill(), [])).toBe(102_500);
    expect(balanceDueCents(bill(), [payment({ balance_cents: 50_000, tip_cents: 9_000 }), payment({ status: "open", balance_cents: 52_500 })])).toBe(52_500);
    expect(balanceDueCents(bill(), [payment({ status: "expired", balance_cents: 102_500 })])).toBe(102_500);
    expect(balanceDueCents(bill(), [payment({ balance_cents: 102_500 }), payment({ balance_cents: 1 })])).toBe(0);
  });

  it("is payable only when something is left and the bill waits for no approval", () => {
    const view = (kept: KeptBill, payments: BillPayment[] = []) => balanceView(kept, payments);
    expect(view(bill())).toMatchObject({ due: "$1,025", canPay: true });
    expect(view(bill({ needs_approval: true }))).toMatchObject({ canPay: false });
    expect(view(bill({ needs_approval: true, approved_at: "2027-03-01T20:00:00Z" }))).toMatchObject({ canPay: true });
    const paid = view(bill(), [payment({ balance_cents: 102_500, tip_cents: 16_125 })]);
    expect(paid).toMatchObject({ due: "$0", dueCents: 0, canPay: false });
    expect(view(bill()).tipOptions.map((option) => option.label)).toEqual(["No tip", "10% ($107.50)", "15% ($161.25)", "20% ($215)", "Another amount"]);
  });
});
