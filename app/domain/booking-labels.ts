import type { PropertySize, ServiceType, TeamType } from "./pricing";

export const PROPERTY_SIZE_LABELS: Record<PropertySize, string> = {
  studio: "Studio",
  "1_bedroom": "1 bedroom",
  "2_bedroom": "2 bedrooms",
  "3_bedroom": "3 bedrooms",
  "4_bedroom": "4 bedrooms",
  "5_plus_bedroom": "5+ bedrooms",
};

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  local: "Local move",
  long_distance: "Long distance",
  commercial: "Commercial move",
};

export const TEAM_LABELS: Record<TeamType, string> = {
  elite: "Elite Team",
  luxury: "Luxury Team",
};

/** A stored service type as lists show it: upper case, words apart ("LONG DISTANCE"). */
export function serviceTypeHeading(value: string): string {
  return value.replace(/_/g, " ").toUpperCase();
}

/** "08:00" as "8:00 AM". */
export function formatTimeSlot(slot: string): string {
  const [hours = 0, minutes = 0] = slot.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** "2026-12-01" as "Tuesday, December 1, 2026" (a calendar date: no time zone shifts it). */
export function formatMoveDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}
