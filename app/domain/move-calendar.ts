import { moveStartsAt } from "./booking-cancellation";

// A booked move as an iCalendar file (RFC 5545), so the customer can put it in their calendar.

export interface MoveCalendarEvent {
  bookingId: string;
  movingDate: string;
  /** "10:00", or null: the day's first slot. */
  movingTime: string | null;
  /** The estimated length of the move. */
  hours: number;
  service: string;
  from: string;
  to: string;
  companyName: string;
  companyPhone: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/** 2027-03-01T15:00:00.000Z → 20270301T150000Z */
function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Text values escape backslashes, semicolons, commas and newlines. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  for (const character of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + character).length > limit) {
      parts.push(current);
      current = "";
    }
    current += character;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function moveCalendarFile(move: MoveCalendarEvent): string {
  const start = moveStartsAt(move.movingDate, move.movingTime);
  const end = new Date(start.getTime() + move.hours * HOUR_MS);
  const host = move.companyName.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${text(move.companyName)}//Bookings//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:booking-${move.bookingId}@${host}`,
    `DTSTAMP:${utcStamp(move.stamp)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${text(`${move.service} with ${move.companyName}`)}`,
    `LOCATION:${text(move.from)}`,
    `DESCRIPTION:${text(`From ${move.from} to ${move.to}.\nQuestions? Call ${move.companyName} at ${move.companyPhone}.`)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
