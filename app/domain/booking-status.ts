/** Where a booking stands, from request to move day. Admins may set any status from any status. */
export const BOOKING_STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return (BOOKING_STATUSES as readonly unknown[]).includes(value);
}

/** The deposit paid through Stripe Checkout: unpaid until Checkout succeeds, fails or expires. */
export const DEPOSIT_STATUSES = ["unpaid", "paid", "failed", "expired"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
