/** Where a booking stands, from request to move day. Admins may set any status from any status. */
export const BOOKING_STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return (BOOKING_STATUSES as readonly unknown[]).includes(value);
}

/** The deposit paid through Stripe Checkout: unpaid until Checkout succeeds, fails or expires; refunded once given back. */
export const DEPOSIT_STATUSES = ["unpaid", "paid", "failed", "expired", "refunded"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * How a status badge looks: confirmed green, completed in the brand colour, pending amber, the rest
 * grey; the office's 'Checkout abandoned' is an outline, set apart from the statuses that ask for work.
 */
export type StatusTone = "success" | "primary" | "warning" | "secondary" | "outline";

export function bookingStatusTone(status: string): StatusTone {
  if (status === "confirmed") return "success";
  if (status === "completed") return "primary";
  if (status === "pending") return "warning";
  return "secondary";
}

/** A status as badges show it: "in_progress" → "In progress". */
export function bookingStatusLabel(status: string): string {
  const words = status.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A booking's badge. Given the deposit (the customer's pages), a pending move whose deposit is paid
 * reads 'Reserved · deposit paid': the customer has done their part and waits for the office, which
 * "Pending" beside "Deposit paid" left unclear. The office's views show the bare status.
 */
export function bookingBadge(status: string, depositStatus?: string): { label: string; tone: StatusTone } {
  if (status === "pending" && depositStatus === "paid") return { label: "Reserved · deposit paid", tone: "primary" };
  return { label: bookingStatusLabel(status), tone: bookingStatusTone(status) };
}

export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  unpaid: "Deposit unpaid",
  paid: "Deposit paid",
  failed: "Deposit payment failed",
  expired: "Deposit checkout expired",
  refunded: "Deposit refunded",
};

/** The deposit's state as pages show it; a deposit paid for a booking already cancelled is owed back: "Refund due". */
export function depositStateLabel(booking: { deposit_status: string; refund_due_at: string | null }): string {
  if (booking.refund_due_at !== null) return "Refund due";
  // The database's check admits only DEPOSIT_STATUSES; anything else is shown as stored.
  return DEPOSIT_STATUS_LABELS[booking.deposit_status as DepositStatus] ?? booking.deposit_status;
}

/**
 * A customer may pay the deposit (again) while the booking is still ahead (pending or confirmed)
 * and the deposit is not paid: never paid, failed, or its checkout expired.
 */
export function canPayDeposit(booking: { status: string; deposit_status: string }): boolean {
  return (booking.status === "pending" || booking.status === "confirmed") && booking.deposit_status !== "paid";
}

/**
 * A booking whose deposit is paid, or that has left "pending" (cancelled, confirmed…), takes no more
 * answers from the wizard draft it was saved from: that draft is finished, the next booking needs a new one.
 */
export function isBookingFinished(booking: { status: string; deposit_status: string }): boolean {
  return booking.deposit_status === "paid" || booking.status !== "pending";
}

/** What the abandoned-checkout rule reads of a booking: instants as the database gives them (ISO 8601). */
export interface BookingCheckoutState {
  status: string;
  deposit_status: string;
  hold_expires_at: string | null;
  checkout_expires_at: string | null;
}

/**
 * A pending booking whose customer left the deposit's Stripe Checkout without paying, as of `now`:
 * Stripe reported the checkout expired or its payment failed, or the deposit is still unpaid while
 * neither a hold on a crew nor the checkout is running any more (the checkout's expiry passed before
 * Stripe's word arrived). A hold or a checkout still running means the customer may yet pay; a
 * booking that never had a checkout, a paid deposit and any other status are not abandoned. The
 * database's booking_checkout_abandoned states the same rule for its filters.
 */
export function isCheckoutAbandoned(booking: BookingCheckoutState, now: Date): boolean {
  if (booking.status !== "pending") return false;
  if (booking.deposit_status === "expired" || booking.deposit_status === "failed") return true;
  if (booking.deposit_status !== "unpaid") return false;
  const at = now.getTime();
  const holdRunning = booking.hold_expires_at !== null && Date.parse(booking.hold_expires_at) > at;
  const checkoutClosed = booking.checkout_expires_at !== null && Date.parse(booking.checkout_expires_at) <= at;
  return !holdRunning && checkoutClosed;
}
