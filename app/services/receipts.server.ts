import type { BookingRow } from "~/domain/booking";
import { receiptsOf, type DepositRefund, type Receipt } from "~/domain/receipts";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

/** The refunds of a booking's deposit, oldest first, read with `client` (a customer's reads only their own). */
export async function readDepositRefunds(client: AppSupabaseClient, bookingId: string): Promise<DepositRefund[]> {
  const { data, error } = await client.from("deposit_refunds").select("id, amount_cents, refunded_at").eq("booking_id", bookingId).order("refunded_at");
  if (error) throw new BookingStoreError("could not read a booking's refunds", error);
  return data;
}

/**
 * Every payment of a booking and every refund of it, oldest first, read with `client` (a customer's
 * reads only their own; the caller has checked the booking is theirs, or its link's).
 */
export async function readReceipts(
  client: AppSupabaseClient,
  booking: Pick<BookingRow, "id" | "deposit_paid_at" | "deposit_amount_cents">,
): Promise<Receipt[]> {
  const [payments, refunds] = await Promise.all([
    client.from("bill_payments").select("id, status, paid_at, balance_cents, tip_cents").eq("booking_id", booking.id).eq("status", "paid"),
    readDepositRefunds(client, booking.id),
  ]);
  if (payments.error) throw new BookingStoreError("could not read a booking's payments", payments.error);
  return receiptsOf(booking, payments.data, refunds);
}
