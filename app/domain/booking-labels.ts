import type { AddonCounter, PropertySize, ServiceType, TeamType } from "./pricing";
import { MONTH_NAMES, WEEKDAY_NAMES } from "./calendar-names";

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

const SERVICE_MOVE_NAMES: Record<ServiceType, string> = {
  local: "local move",
  long_distance: "long-distance move",
  commercial: "commercial move",
};

/** A service as the name of a move, inside a sentence ("the local move on…"): 'move' said once. */
export function serviceMoveName(serviceType: string): string {
  const known = SERVICE_MOVE_NAMES[serviceType as ServiceType];
  if (known) return known;
  const words = serviceType.replaceAll("_", " ");
  return /\bmove$/i.test(words) ? words : `${words} move`;
}

export const TEAM_LABELS: Record<TeamType, string> = {
  elite: "Elite Team",
  luxury: "Luxury Team",
};

/** The add-ons sold at one price, by the booking field that holds each, in the words the wizard offers them in. */
export const FLAT_ADDON_LABELS = {
  packingService: "Packing service",
  storageService: "Storage service",
  cleaningService: "Basic cleaning",
} as const;
export type FlatAddon = keyof typeof FLAT_ADDON_LABELS;

/** The counted add-ons in the wizard's words. */
export const COUNTER_LABELS: Record<AddonCounter, string> = {
  extraMovers: "Extra movers",
  tvMounting: "TV mounting",
  deepCleaningBedrooms: "Deep cleaning (bedrooms)",
};

/** "08:00" as "8:00 AM". */
export function formatTimeSlot(slot: string): string {
  const [hours = 0, minutes = 0] = slot.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** A move date as pages show it: "2027-03-01" → "Monday, March 1, 2027", the same day wherever it is read. */
export function formatMoveDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return `${WEEKDAY_NAMES[parsed.getUTCDay()]}, ${MONTH_NAMES[parsed.getUTCMonth()]} ${parsed.getUTCDate()}, ${parsed.getUTCFullYear()}`;
}

/** A move's day in a table's narrow column: "Fri, Jan 15, 2027". */
export function formatMoveDateShort(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return `${WEEKDAY_NAMES[parsed.getUTCDay()]!.slice(0, 3)}, ${MONTH_NAMES[parsed.getUTCMonth()]!.slice(0, 3)} ${parsed.getUTCDate()}, ${parsed.getUTCFullYear()}`;
}

/** The wizard's words for a move without a chosen start time. */
export const ANY_TIME = "Any time";

/** A move's day and start: "Tuesday, December 1, 2026 · 8:00 AM", or "… · Any time" without a slot. */
export function formatMoveDateTime(date: string, time: string | null | undefined): string {
  return `${formatMoveDate(date)} · ${time ? formatTimeSlot(time) : ANY_TIME}`;
}
