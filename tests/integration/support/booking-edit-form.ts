import { estimateShown, pricedChoicesFromForm, pricedChoicesOf } from "../../../app/domain/booking-repricing.ts";
import type { BookingRow } from "../../../app/domain/booking.ts";
import { centsToDollarsInput } from "../../../app/domain/money.ts";

/**
 * The edit page's form as a browser posts it for `booking` when nothing was changed (every field as
 * the page fills it in, an add-on box unticked sent not at all), with `changes` typed over it; a
 * change to undefined leaves that field out.
 */
export function editFormOf(booking: BookingRow, changes: Record<string, string | undefined> = {}): Record<string, string> {
  const form: Record<string, string | undefined> = {
    intent: "save-booking",
    fullName: booking.full_name,
    email: booking.email,
    phone: booking.phone,
    date: booking.moving_date,
    time: booking.moving_time?.slice(0, 5) ?? "",
    fromAddress: booking.moving_from,
    toAddress: booking.moving_to,
    propertySize: booking.property_size ?? "",
    teamType: booking.team_type,
    serviceType: booking.service_type,
    packingService: booking.packing_service ? "on" : undefined,
    storageService: booking.storage_service ? "on" : undefined,
    cleaningService: booking.cleaning_service ? "on" : undefined,
    extraMovers: String(booking.extra_movers),
    tvMounting: String(booking.tv_mounting),
    deepCleaningBedrooms: String(booking.deep_cleaning_bedrooms),
    specialInstructions: booking.special_instructions ?? "",
    finalCost: centsToDollarsInput(booking.final_cost_cents),
    ...changes,
  };
  // The estimate the page shows for what is typed, as it sends it (the new one once seen): a test of a
  // price not yet seen says so with its own `shownEstimate`.
  if (!("shownEstimate" in changes)) {
    const shown = estimateShown(booking, pricedChoicesFromForm(form, pricedChoicesOf(booking)));
    form.shownEstimate = shown === null ? "" : String(shown);
  }
  return Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
