import type { BookingRow } from "~/domain/booking";
import type { Crew } from "~/domain/crews";
import type { BillProblem, FinalBill, KeptBill, MoveOutcome } from "~/domain/final-bill";
import { finalBill } from "~/domain/final-bill";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { crewOfMove } from "~/domain/schedule";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// Completing a move with its final bill, as the office does once the move is done: the bill is priced
// here by the domain's rules and kept by the database (`bill_move`), which adds what it alone knows
// (the deposit paid, the estimate the customer accepted, the company's margin) and checks the sums.

export type BillApproval = { kind: "approved"; bill: KeptBill } | { kind: "not-needed" } | { kind: "not-found" };

/**
 * The customer approves their move's bill (`approve_move_bill`: the owner, or the service role for the
 * holder of the move's link). Approving again, or a bill that needed no approval, changes nothing.
 * Throws BookingStoreError when the database fails.
 */
export async function approveMoveBill(client: AppSupabaseClient, bookingId: string): Promise<BillApproval> {
  const { data, error } = await client.rpc("approve_move_bill", { _booking_id: bookingId });
  if (error) {
    if (error.code === "P0002") return { kind: "not-found" };
    throw new BookingStoreError("could not approve a move's bill", error);
  }
  return data.needs_approval ? { kind: "approved", bill: data } : { kind: "not-needed" };
}

/** What the bill page needs of a move: its crew and service, what was booked, the deposit and the estimate. */
export type MoveToBill = Pick<
  BookingRow,
  | "id"
  | "full_name"
  | "status"
  | "moving_date"
  | "moving_time"
  | "team_type"
  | "service_type"
  | "packing_service"
  | "storage_service"
  | "cleaning_service"
  | "extra_movers"
  | "tv_mounting"
  | "deep_cleaning_bedrooms"
  | "deposit_status"
  | "deposit_amount_cents"
  | "estimated_cost_cents"
>;

const MOVE_TO_BILL_COLUMNS =
  "id, full_name, status, moving_date, moving_time, team_type, service_type, packing_service, storage_service, cleaning_service, extra_movers, tv_mounting, deep_cleaning_bedrooms, deposit_status, deposit_amount_cents, estimated_cost_cents";

/** A move to bill, read with the staff member's own client. Throws BookingStoreError when the database fails. */
export async function loadMoveToBill(supabase: AppSupabaseClient, bookingId: string): Promise<Lookup<{ move: MoveToBill }>> {
  const { data, error } = await supabase.from("bookings").select(MOVE_TO_BILL_COLUMNS).eq("id", bookingId).maybeSingle();
  if (error) throw new BookingStoreError("could not read a move to bill", error);
  return data ? { kind: "found", move: data } : NOT_FOUND;
}

/** What the bill page shows of a move: the move, whether it is billed, and while not, what its form offers. */
export interface MoveToBillPage {
  move: MoveToBill;
  billed: boolean;
  /** The company's crews by number; none once billed. */
  crews: Crew[];
  /** The crew the schedule gives the move on its day, or null: none, billed, or a schedule this staff member may not read. */
  scheduledCrew: number | null;
}

/**
 * The bill page's move in one call (`move_to_bill`: the database checks the staff member may bill),
 * `forbidden` when they may not. Throws BookingStoreError when the database fails.
 */
export async function loadMoveToBillPage(supabase: AppSupabaseClient, bookingId: string): Promise<Lookup<MoveToBillPage> | { kind: "forbidden" }> {
  const { data, error } = await supabase.rpc("move_to_bill", { _booking_id: bookingId }).maybeSingle();
  if (error?.code === "42501") return { kind: "forbidden" };
  if (error) throw new BookingStoreError("could not read a move to bill", error);
  if (!data) return NOT_FOUND;
  const { billed, crew_numbers, crew_names, day_crews, holding_booking_ids, holding_starts, holding_ends, ...move } = data;
  const crews = (crew_numbers ?? []).map((number, index) => ({ number, name: crew_names[index] ?? "" }));
  // The moves holding a crew that day, as the schedule places them: absent when billed or not readable.
  const holding = (holding_booking_ids ?? []).map((id, index) => ({ id, span: { starts: holding_starts[index]!, ends: holding_ends[index]! } }));
  const scheduledCrew = day_crews === null ? null : crewOfMove(move.id, holding, day_crews);
  return { kind: "found", move, billed, crews, scheduledCrew };
}

export type BillMoveResult =
  | { kind: "billed"; bill: KeptBill }
  /** The outcome cannot be billed: the first thing wrong with it, by the domain's rules. */
  | { kind: "invalid"; problem: BillProblem }
  /** The move was cancelled, or its deposit is not paid: no bill. */
  | { kind: "cancelled" }
  | { kind: "unpaid" }
  | { kind: "already-billed" }
  /** The crew named is not one of the company's crews. */
  | { kind: "no-such-crew" }
  | { kind: "not-found" }
  | { kind: "forbidden" };

/** The columns of a bill `bill_move` takes; the money the database knows it adds itself. */
function billArgument(bill: FinalBill, crewNumber: number | null) {
  return {
    crew_number: crewNumber,
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
 * Completes booking `bookingId` with the bill `outcome` comes to, done by crew `crewNumber` (the
 * schedule's row; null when not recorded), as the staff member behind `supabase` (the database checks
 * they may bill, and keeps them as its author). Throws BookingStoreError when the database fails.
 */
export async function billMove(
  supabase: AppSupabaseClient,
  bookingId: string,
  outcome: MoveOutcome,
  crewNumber: number | null = null,
): Promise<BillMoveResult> {
  // The deposit only sets the balance shown here; the database takes the booking's own.
  const priced = finalBill({ ...outcome, depositPaidCents: 0 });
  if (!priced.ok) return { kind: "invalid", problem: priced.problem };
  const { data, error } = await supabase.rpc("bill_move", { _booking_id: bookingId, _bill: billArgument(priced.bill, crewNumber) });
  if (error) {
    if (error.code === "42501") return { kind: "forbidden" };
    if (error.code === "P0002") return { kind: "not-found" };
    if (error.code === "23505") return { kind: "already-billed" };
    if (error.code === "P0001" && (error.message === "cancelled" || error.message === "unpaid")) return { kind: error.message };
    if (error.code === "P0001" && error.message === "crew") return { kind: "no-such-crew" };
    throw new BookingStoreError("could not bill a move", error);
  }
  return { kind: "billed", bill: data };
}
