import { createEvents, type EventAttributes } from "ics";
import type { BookingRow } from "~/domain/booking";
import { moveStartsAt } from "~/domain/booking-cancellation";
import { crewText } from "~/domain/booking-messages";
import { bookingHours } from "~/domain/pricing";

// A booking as an iCalendar file (RFC 5545) for the customer's calendar. Its UID stays the same for the
// booking and its SEQUENCE grows with the booking's version, so a calendar that imported it updates the
// event when the time changes, and removes it when the booking is cancelled.

export interface BookingCalendarEvent {
  bookingId: string;
  /** The booking's version: each change of its date, time or status makes the next one. */
  version: number;
  /** YYYY-MM-DD and HH:MM (or null: the day's first slot) on the company's clock. */
  movingDate: string;
  movingTime: string | null;
  estimatedHours: number;
  fromAddress: string;
  toAddress: string;
  /** The team that comes and the movers added to it. */
  crew: { teamType: string; extraMovers: number };
  /** The "Manage your booking" link, when there is one. */
  manageUrl: string | null;
  cancelled: boolean;
}

export interface CalendarCompany {
  name: string;
  phone: string;
  timeZone: string;
  /** The app's public address: its host names the event's UID. */
  publicUrl: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** A stored booking as its calendar event: its estimated hours, or its home's when none were stored. */
export function calendarEventOf(booking: BookingRow, manageUrl: string | null): BookingCalendarEvent {
  return {
    bookingId: booking.id,
    version: booking.version,
    movingDate: booking.moving_date,
    movingTime: booking.moving_time ? booking.moving_time.slice(0, 5) : null,
    estimatedHours: bookingHours(booking),
    fromAddress: booking.moving_from,
    toAddress: booking.moving_to,
    crew: { teamType: booking.team_type, extraMovers: booking.extra_movers },
    manageUrl,
    cancelled: booking.status === "cancelled",
  };
}

/** The .ics file of one booking, stamped `stamp`. Throws when the booking cannot be written as one. */
export function bookingCalendarFile(booking: BookingCalendarEvent, company: CalendarCompany, stamp: Date): string {
  const start = moveStartsAt(booking.movingDate, booking.movingTime, company.timeZone);
  const description = [
    `From ${booking.fromAddress} to ${booking.toAddress}.`,
    `Crew: ${crewText(booking.crew)}.`,
    booking.manageUrl === null ? null : `Manage your booking: ${booking.manageUrl}`,
    `Questions? Call ${company.name} at ${company.phone}.`,
  ].filter((line) => line !== null);
  // `timestamp` (DTSTAMP) is read by ics but missing from its types.
  const event: EventAttributes & { timestamp: number } = {
    uid: `booking-${booking.bookingId}@${new URL(company.publicUrl).hostname}`,
    sequence: booking.version,
    timestamp: stamp.getTime(),
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: start.getTime() + booking.estimatedHours * HOUR_MS,
    endInputType: "utc",
    endOutputType: "utc",
    title: `Move with ${company.name}`,
    location: booking.fromAddress,
    description: description.join("\n"),
    status: booking.cancelled ? "CANCELLED" : "CONFIRMED",
  };
  const { error, value } = createEvents([event], {
    productId: `-//${company.name}//Bookings//EN`,
    method: booking.cancelled ? "CANCEL" : "PUBLISH",
  });
  if (error || value === null) throw error ?? new Error("the calendar file could not be written");
  return value;
}
