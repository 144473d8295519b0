import { formatTimeSlot } from "./booking-labels";
import { SHORT_MONTH_NAMES } from "./calendar-names";
// What the settings page's System Information block shows, and how its figures read.

export interface BucketUsage {
  bucket: string;
  objects: number;
  bytes: number;
}

export interface LastMigration {
  /** The migration's version: the UTC time its file was written, YYYYMMDDHHMMSS. */
  version: string;
  name: string | null;
  /** When it was applied (ISO), where the database records it; null otherwise. */
  appliedAt: string | null;
}

export interface SystemInformation {
  /** The app's version from package.json; null when it names none. */
  version: string | null;
  database: { connected: boolean; latencyMs: number };
  /** Per bucket; null when the usage could not be read. */
  storage: BucketUsage[] | null;
  /** Null when no migration record could be read. */
  lastMigration: LastMigration | null;
}

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** 0 → "0 B", 1536 → "1.5 KB", 2.3 GiB → "2.3 GB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${UNITS[unit]}`;
}

/** A migration version "20261127120000" as the ISO instant it names; null when it is not such a timestamp. */
export function migrationVersionTime(version: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** An ISO instant as "Nov 27, 2026, 12:00 PM UTC"; written by hand, as Intl's first formatter slows a phone's start-up. */
export function formatUtc(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const time = formatTimeSlot(`${instant.getUTCHours()}:${instant.getUTCMinutes()}`);
  return `${SHORT_MONTH_NAMES[instant.getUTCMonth()]} ${instant.getUTCDate()}, ${instant.getUTCFullYear()}, ${time} UTC`;
}
