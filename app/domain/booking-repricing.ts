// A booking priced again when the office changes what it is priced by (the team, the service, the size
// of the home, the add-ons): by estimateBooking, the wizard's own pricing, never by a copy of its rules.
// While none of those changes the booking keeps the estimate it was quoted.

import type { BookingRow } from "./booking";
import { formatCents } from "./money";
import {
  COUNTER_LIMITS,
  bookingHours,
  estimateBooking,
  estimatedHours,
  isPropertySize,
  isServiceType,
  isTeamType,
  type AddonCounter,
  type BookingChoices,
  type Estimate,
  type PropertySize,
  type ServiceType,
  type TeamType,
} from "./pricing";

/** What a booking is priced by; a booking saved before sizes were asked has none. */
export interface PricedChoices extends Omit<BookingChoices, "propertySize"> {
  propertySize: PropertySize | null;
}

/** The columns a booking is priced by, with its estimate. */
export type PricedBooking = Pick<
  BookingRow,
  | "team_type"
  | "service_type"
  | "property_size"
  | "packing_service"
  | "storage_service"
  | "cleaning_service"
  | "extra_movers"
  | "tv_mounting"
  | "deep_cleaning_bedrooms"
  | "estimated_cost_cents"
  | "estimated_hours"
>;

const FLAGS = ["packingService", "storageService", "cleaningService"] as const;
const COUNTERS = Object.keys(COUNTER_LIMITS) as AddonCounter[];
const PRICED_FIELDS = ["teamType", "serviceType", "propertySize", ...FLAGS, ...COUNTERS] as const;

/** The choices a stored booking was priced by. */
export function pricedChoicesOf(row: PricedBooking): PricedChoices {
  return {
    // The database's checks admit only TEAM_TYPES, SERVICE_TYPES and PROPERTY_SIZES.
    teamType: row.team_type as TeamType,
    serviceType: row.service_type as ServiceType,
    propertySize: isPropertySize(row.property_size) ? row.property_size : null,
    packingService: row.packing_service,
    storageService: row.storage_service,
    cleaningService: row.cleaning_service,
    extraMovers: row.extra_movers,
    tvMounting: row.tv_mounting,
    deepCleaningBedrooms: row.deep_cleaning_bedrooms,
  };
}

/**
 * The choices a form holds as typed (its fields named as PricedChoices), read leniently for a price
 * shown before the form is checked: a team, service, size or count that is not one keeps `fallback`'s;
 * an add-on box is chosen when ticked ("on").
 */
export function pricedChoicesFromForm(values: Readonly<Record<string, unknown>>, fallback: PricedChoices): PricedChoices {
  const count = (counter: AddonCounter) => {
    const raw = values[counter];
    const value = typeof raw === "string" && /^\d{1,2}$/.test(raw.trim()) ? Number(raw) : typeof raw === "number" ? raw : NaN;
    const { min, max } = COUNTER_LIMITS[counter];
    return Number.isInteger(value) && value >= min && value <= max ? value : fallback[counter];
  };
  return {
    teamType: isTeamType(values.teamType) ? values.teamType : fallback.teamType,
    serviceType: isServiceType(values.serviceType) ? values.serviceType : fallback.serviceType,
    propertySize: isPropertySize(values.propertySize) ? values.propertySize : fallback.propertySize,
    packingService: values.packingService === "on" || values.packingService === true,
    storageService: values.storageService === "on" || values.storageService === true,
    cleaningService: values.cleaningService === "on" || values.cleaningService === true,
    extraMovers: count("extraMovers"),
    tvMounting: count("tvMounting"),
    deepCleaningBedrooms: count("deepCleaningBedrooms"),
  };
}

/** A booking's new price, once something it is priced by changed. */
export interface Repricing {
  /** The new estimate, line by line, as the wizard prices it. */
  estimate: Estimate;
  /** The estimate the booking holds now; null when it has none. */
  previousCents: number | null;
  /** The hours the booking holds now. */
  previousHours: number;
}

/**
 * The new estimate of a booking whose choices become `next`, or null when nothing it is priced by
 * changes: it then keeps the estimate it was quoted, however prices moved since. Throws RangeError on
 * a counter outside its limits.
 */
export function repricing(current: PricedBooking, next: PricedChoices): Repricing | null {
  const before = pricedChoicesOf(current);
  if (PRICED_FIELDS.every((field) => before[field] === next[field])) return null;
  return {
    estimate: estimateBooking({ ...next, propertySize: next.propertySize ?? undefined }),
    previousCents: current.estimated_cost_cents,
    previousHours: bookingHours(current),
  };
}

/** The estimate the booking would hold with `next` (cents): the new one, else the one it holds; null for none. */
export function estimateShown(current: PricedBooking, next: PricedChoices): number | null {
  return repricing(current, next)?.estimate.totalCents ?? current.estimated_cost_cents;
}

/** "+$234", "-$50", "$0". */
function signedCents(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

/** The new estimate and how far it moved: "New estimate $1,404, +$234 from $1,170". */
export function priceChangeText({ estimate, previousCents }: Repricing): string {
  const total = `New estimate ${formatCents(estimate.totalCents)}`;
  if (previousCents === null) return `${total} (it had none)`;
  if (previousCents === estimate.totalCents) return `${total}, the same as before`;
  return `${total}, ${signedCents(estimate.totalCents - previousCents)} from ${formatCents(previousCents)}`;
}

/** The move's new length, when it changes: "8 estimated hours, 6 before". */
export function hoursChangeText({ estimate, previousHours }: Repricing): string | null {
  return estimate.hours === previousHours ? null : `${estimate.hours} estimated hours, ${previousHours} before`;
}

/**
 * The hours a move takes once its home is `size`: its own while the size stays (or none is given),
 * else those the wizard gives that size.
 */
export function hoursForSize(booking: Pick<BookingRow, "estimated_hours" | "property_size">, size: PropertySize | null | undefined): number {
  return !size || size === booking.property_size ? bookingHours(booking) : estimatedHours(size);
}
