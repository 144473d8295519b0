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

/** A service type in the words the wizard offered it in; a code no longer sold keeps its words. */
export function serviceTypeLabel(serviceType: string): string {
  return SERVICE_TYPE_LABELS[serviceType as ServiceType] ?? serviceType.replaceAll("_", " ");
}

export const TEAM_LABELS: Record<TeamType, string> = {
  elite: "Elite Team",
  luxury: "Luxury Team",
};

/** "08:00" as "8:00 AM". */
export function formatTimeSlot(slot: string): string {
  const [hours = 0, minutes = 0] = slot.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

const moveDateFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A move date as pages show it: "2027-03-01" → "Monday, March 1, 2027", the same day wherever it is read. */
export function formatMoveDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : moveDateFormat.format(parsed);
}
