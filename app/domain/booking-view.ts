import { shortBookingId, formatCompanyDateTime, type BookingRow } from "./booking";
import { bookingBalance, storedQuote } from "./booking-quote";
import { FLAT_ADDON_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, TEAM_LABELS, formatMoveDate, formatTimeSlot } from "./booking-labels";
import { formatCents } from "./money";
import { DEPOSIT_CENTS, type PropertySize, type ServiceType, type TeamType } from "./pricing";

// One stored booking as its pages show it (the customer's and the staff's): every field in words and
// dollars, and the price as quoted.

/** The deposit the booking asks for; bookings made before it was stored ask the standard one. */
export function depositCents(row: Pick<BookingRow, "deposit_amount_cents">): number {
  return row.deposit_amount_cents > 0 ? row.deposit_amount_cents : DEPOSIT_CENTS;
}

/** One booking's fields as its pages show them. */
export type BookingView = ReturnType<typeof bookingView>;

/** `timeZone`: the company's clock, on which times are stated. */
export function bookingView(row: BookingRow, timeZone: string) {
  return {
    id: row.id,
    shortId: shortBookingId(row.id),
    status: row.status,
    depositStatus: row.deposit_status,
    createdAt: formatCompanyDateTime(row.created_at, timeZone),
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    from: row.moving_from,
    to: row.moving_to,
    moveDate: formatMoveDate(row.moving_date),
    timeSlot: row.moving_time ? formatTimeSlot(row.moving_time.slice(0, 5)) : null,
    propertySize: row.property_size ? (PROPERTY_SIZE_LABELS[row.property_size as PropertySize] ?? row.property_size) : null,
    team: TEAM_LABELS[row.team_type as TeamType] ?? row.team_type,
    service: SERVICE_TYPE_LABELS[row.service_type as ServiceType] ?? row.service_type,
    services: (
      [
        row.packing_service && FLAT_ADDON_LABELS.packingService,
        row.storage_service && FLAT_ADDON_LABELS.storageService,
        row.cleaning_service && FLAT_ADDON_LABELS.cleaningService,
      ] as Array<string | false>
    ).filter((name): name is string => name !== false),
    extraMovers: row.extra_movers,
    tvMounting: row.tv_mounting,
    deepCleaningBedrooms: row.deep_cleaning_bedrooms,
    specialInstructions: row.special_instructions,
    estimatedCost: row.estimated_cost_cents === null ? "TBD" : formatCents(row.estimated_cost_cents),
    finalCost: row.final_cost_cents === null ? null : formatCents(row.final_cost_cents),
  };
}

/**
 * The price as the customer was quoted it when booking (the lines kept with the booking, never priced
 * again with today's rates unless the office changed what it is priced by), and the balance: the final cost, else that estimate, minus the deposit
 * paid. Bookings saved before quotes were kept show their stored estimate without lines.
 */
export function priceView(row: BookingRow) {
  const quote = storedQuote(row.quote);
  const balance = bookingBalance(row);
  return {
    lines: (quote?.lines ?? []).map((line) => ({ label: line.label, amount: formatCents(line.cents) })),
    totalLabel: balance.totalIsFinal ? "Final cost" : "Estimated total",
    total: balance.totalCents === null ? "TBD" : formatCents(balance.totalCents),
    hours: row.estimated_hours,
    hourlyRate: quote ? formatCents(quote.hourly_rate_cents) : null,
    depositPaid: formatCents(balance.depositPaidCents),
    // Nothing is left to pay on a cancelled booking.
    balance: balance.balanceCents === null || row.status === "cancelled" ? null : formatCents(balance.balanceCents),
  };
}
