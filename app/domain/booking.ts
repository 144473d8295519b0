// A booking as the wizard requests it, as the database stores it, and as pages show it.

import type { Tables, TablesInsert } from "../../supabase/types";
import { isBookingStatus, type BookingStatus, type DepositStatus } from "./booking-status";
import { quoteFromEstimate } from "./booking-quote";
import { formatDateTimeIn, formatTimeIn } from "./company-time";
import { DEPOSIT_CENTS, type Estimate, type PropertySize, type ServiceType, type TeamType } from "./pricing";

/** A complete booking request, as the wizard has it once every step is valid. */
export interface BookingRequest {
  fullName: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD */
  date: string;
  /** One of TIME_SLOTS ("08:00" … "16:00"), or null when the customer did not pick one. */
  time: string | null;
  fromAddress: string;
  toAddress: string;
  propertySize: PropertySize;
  teamType: TeamType;
  serviceType: ServiceType;
  packingService: boolean;
  storageService: boolean;
  cleaningService: boolean;
  extraMovers: number;
  tvMounting: number;
  deepCleaningBedrooms: number;
  specialInstructions: string | null;
}

export type BookingRow = Tables<"bookings">;
export type BookingInsertRow = TablesInsert<"bookings">;

/**
 * The row to insert for a request, priced by `estimate` (estimateBooking of the same request, whose
 * lines the wizard showed and the row keeps as its quote): a pending booking whose $50 deposit is unpaid. `userId` is null for a guest; `draftId` is the
 * wizard draft it was saved from, so saving the same draft twice finds the first row.
 */
export function bookingInsertRow(
  request: BookingRequest,
  { userId, draftId, estimate }: { userId: string | null; draftId: string; estimate: Estimate },
): BookingInsertRow {
  const instructions = request.specialInstructions?.trim() ? request.specialInstructions : null;
  return {
    user_id: userId,
    draft_id: draftId,
    full_name: request.fullName,
    email: request.email,
    phone: request.phone,
    moving_from: request.fromAddress,
    moving_to: request.toAddress,
    moving_date: request.date,
    moving_time: request.time,
    property_size: request.propertySize,
    team_type: request.teamType,
    service_type: request.serviceType,
    packing_service: request.packingService,
    storage_service: request.storageService,
    cleaning_service: request.cleaningService,
    extra_movers: request.extraMovers,
    tv_mounting: request.tvMounting,
    deep_cleaning_bedrooms: request.deepCleaningBedrooms,
    special_instructions: instructions,
    estimated_hours: estimate.hours,
    estimated_cost_cents: estimate.totalCents,
    quote: quoteFromEstimate(estimate),
    deposit_amount_cents: DEPOSIT_CENTS,
    deposit_status: "unpaid",
    status: "pending",
  };
}

/** What the payment pages and booking lists show of a booking. */
export interface BookingSummary {
  id: string;
  /** The first 8 characters of the id: how customers and staff name a booking. */
  shortId: string;
  fullName: string;
  /** YYYY-MM-DD */
  movingDate: string;
  /** HH:MM, or null when no time was picked. */
  movingTime: string | null;
  serviceType: ServiceType;
  estimatedCostCents: number | null;
  depositStatus: DepositStatus;
  status: BookingStatus;
}

export function bookingSummaryFromRow(row: BookingRow): BookingSummary {
  return {
    id: row.id,
    shortId: shortBookingId(row.id),
    fullName: row.full_name,
    movingDate: row.moving_date,
    movingTime: row.moving_time === null ? null : row.moving_time.slice(0, 5),
    // The database's checks admit only SERVICE_TYPES and DEPOSIT_STATUSES.
    serviceType: row.service_type as ServiceType,
    estimatedCostCents: row.estimated_cost_cents,
    depositStatus: row.deposit_status as DepositStatus,
    // A status the app does not know shows as pending.
    status: isBookingStatus(row.status) ? row.status : "pending",
  };
}

export function shortBookingId(id: string): string {
  return id.slice(0, 8);
}

/** A moment's time of day on the company's clock (`timeZone`): "3:05 PM". */
export function formatCompanyTime(instant: string | Date, timeZone: string): string {
  const parsed = new Date(instant);
  return Number.isNaN(parsed.getTime()) ? String(instant) : formatTimeIn(parsed, timeZone);
}

/** A moment (a status change, a payment) as pages show it, on the company's clock: "Nov 23, 2026, 3:05 PM EST". */
export function formatCompanyDateTime(instant: string | Date, timeZone: string): string {
  const parsed = new Date(instant);
  return Number.isNaN(parsed.getTime()) ? String(instant) : formatDateTimeIn(parsed, timeZone);
}
