import type { BillInput, BillProblem, FinalBill } from "~/domain/final-bill";
import { finalBill } from "~/domain/final-bill";
import type { Tables } from "../../supabase/types";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// Completing a move with its final bill, as the office does once the move is done: the bill is priced
// here by the domain's rules and kept by the database (`bill_move`), which adds what it alone knows
// (the deposit paid, the estimate the customer accepted, the company's margin) and checks the sums.

/** A bill as the database keeps it. */
export type StoredBill = Tables<"booking_bills">;

/** What the office enters about a move that is done; the deposit is the booking's own. */
export type MoveOutcome = Omit<BillInput, "depositPaidCents">;

export type BillMoveResult =
  | { kind: "billed"; bill: StoredBill }
  /** The outcome cannot be billed: the first thing wrong with it, by the domain's rules. */
  | { kind: "invalid"; problem: BillProblem }
  /** The move was cancelled, or its deposit is not paid: no bill. */
  | { kind: "cancelled" }
  | { kind: "unpaid" }
  | { kind: "already-billed" }
  | { kind: "not-found" }
  | { kind: "forbidden" };

/** The columns of a bill `bill_move` takes; the money the database knows it adds itself. */
function billArgument(bill: FinalBill) {
  return {
    lines: bill.lines.map((line) => ({ id: line.id, label: line.label, amount_cents: line.amountCents })),
    worked_minutes: bill.workedMinutes,
    billed_minutes: bill.billedMinutes,
    hourly_rate_cents: bill.hourlyRateCents,
    subtotal_cents: bill.subtotalCents,
    discount_cents: bill.discountCents,
    discount_reason: bill.discountReason,
  };
}

/**
 * Completes booking `bookingId` with the bill `outcome` comes to, as the staff member behind `supabase`
 * (the database checks they may bill, and keeps them as its author). Throws BookingStoreError when the
 * database fails.
 */
export async function billMove(supabase: AppSupabaseClient, bookingId: string, outcome: MoveOutcome): Promise<BillMoveResult> {
  // The deposit only sets the balance shown here; the database takes the booking's own.
  const priced = finalBill({ ...outcome, depositPaidCents: 0 });
  if (!priced.ok) return { kind: "invalid", problem: priced.problem };
  const { data, error } = await supabase.rpc("bill_move", { _booking_id: bookingId, _bill: billArgument(priced.bill) });
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    if (error.code === "23505") return { kind: "already-billed" };
    if (error.code === "P0001" && (error.message === "cancelled" || error.message === "unpaid")) return { kind: error.message };
    throw new BookingStoreError("could not bill a move", error);
  }
  return { kind: "billed", bill: data };
}
