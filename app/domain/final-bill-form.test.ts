import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BILL_MESSAGES } from "./final-bill";
import { BILL_FORM_MESSAGES, billFormSchema } from "./final-bill-form";

const schema = billFormSchema({ teamType: "elite", serviceType: "local" });

/** The form as a browser posts it: every field, the booked start filled in. */
function posted(fields: Record<string, string>) {
  return new URLSearchParams({
    startedAt: "08:00",
    endedAt: "",
    totalHours: "",
    totalMinutes: "",
    extraMovers: "0",
    tvMounting: "0",
    deepCleaningBedrooms: "0",
    discount: "",
    discountReason: "",
    ...fields,
  });
}

const read = (fields: Record<string, string>) => parseWithZod(posted(fields), { schema });

function errorsOf(fields: Record<string, string>) {
  const submission = read(fields);
  return submission.status === "error" ? submission.error : null;
}

describe("the final bill's form", () => {
  it("bills the crew's start and end, with the add-ons ticked and a discount in dollars and cents", () => {
    const submission = read({ endedAt: "14:20", packingService: "on", extraMovers: "1", discount: "25.50", discountReason: "Late start" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.outcome).toMatchObject({ worked: { kind: "span", startedAt: "08:00", endedAt: "14:20" }, packingService: true, extraMovers: 1 });
    expect(submission.value.bill).toMatchObject({ billedMinutes: 390, subtotalCents: 97_500 + 12_000 + 3_500 + 10_000, discountCents: 2_550 });
  });

  it("bills a total when no end is given, whatever start the booking filled in", () => {
    const submission = read({ totalHours: "3", totalMinutes: "10" });
    expect(submission.status === "success" && submission.value.outcome.worked).toEqual({ kind: "total", minutes: 190 });
  });

  it("says what is missing beside its field", () => {
    expect(errorsOf({})).toEqual({ endedAt: [BILL_FORM_MESSAGES.workNeeded] });
    expect(errorsOf({ startedAt: "" })).toEqual({ startedAt: [BILL_FORM_MESSAGES.workNeeded] });
    expect(errorsOf({ endedAt: "07:00" })).toEqual({ endedAt: [BILL_MESSAGES.endBeforeStart] });
    expect(errorsOf({ endedAt: "7pm" })).toEqual({ endedAt: [BILL_MESSAGES.badTime] });
    expect(errorsOf({ startedAt: "", totalHours: "24", totalMinutes: "30" })).toEqual({ totalHours: [BILL_MESSAGES.tooLong] });
    expect(errorsOf({ startedAt: "", totalHours: "25" })).toEqual({ totalHours: [BILL_FORM_MESSAGES.hoursRange] });
    expect(errorsOf({ startedAt: "", totalHours: "2", totalMinutes: "60" })).toEqual({ totalMinutes: [BILL_FORM_MESSAGES.minutesRange] });
    expect(errorsOf({ endedAt: "10:00", extraMovers: "7" })).toEqual({ extraMovers: [BILL_FORM_MESSAGES.counterRange(6)] });
    expect(errorsOf({ endedAt: "10:00", discount: "25.505" })).toEqual({ discount: [BILL_FORM_MESSAGES.discountFormat] });
    expect(errorsOf({ endedAt: "10:00", discount: "-5" })).toEqual({ discount: [BILL_FORM_MESSAGES.discountFormat] });
    // Two hours and the truck fee: $400.
    expect(errorsOf({ endedAt: "10:00", discount: "400.01", discountReason: "Too kind" })).toEqual({ discount: [BILL_MESSAGES.discountOverBill] });
    expect(errorsOf({ endedAt: "10:00", discount: "10" })).toEqual({ discountReason: [BILL_MESSAGES.discountNeedsReason] });
  });
});
