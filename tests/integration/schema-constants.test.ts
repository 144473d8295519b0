import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseEmulator, type SupabaseEmulator } from "../../emulators/supabase/index.ts";
import { ANALYTICS_EVENT_TYPES } from "../../app/domain/analytics-events.ts";
import { DEFAULT_CUSTOMER_CHANGE_RULES } from "../../app/domain/booking-cancellation.ts";
import { BOOKING_STATUSES, DEPOSIT_STATUSES } from "../../app/domain/booking-status.ts";
import { COUNTER_LIMITS, PROPERTY_SIZES, SERVICE_TYPES, TEAM_TYPES, estimatedHours } from "../../app/domain/pricing.ts";
import { COMPANY } from "../../app/domain/company.ts";
import {
  ANALYTICS_RETENTION_DAYS,
  CUSTOMER_CHANGE_NOTICE_HOURS,
  DAY_BEFORE_REMINDER_HOURS,
  ONLINE_RESCHEDULE_LIMITS,
  BILL_MARGIN_PERCENTS,
} from "../../app/domain/company-settings-form.ts";
import { APP_ROLES } from "../../app/domain/roles.ts";
import { BOOKING_EDIT_FIELD_LABELS } from "../../app/domain/admin-booking-edit.ts";
import { MESSAGE_KINDS } from "../../app/domain/booking-messages.ts";
import { MAX_ATTEMPTS } from "../../app/services/message-sender.server.ts";

// The lists and limits the app offers must be the ones the database accepts: a value the app offers
// and the database refuses is a failed booking, and one the database accepts but the app does not
// know is a row the app cannot show. Both are read from the migrated database's catalog.

let emulator: SupabaseEmulator;
let checks: Array<{ table: string; columns: string[]; definition: string }>;

beforeAll(async () => {
  emulator = await createSupabaseEmulator({ url: "http://localhost:54321" });
  const { rows } = await emulator.db.pg.query<{ table: string; columns: string[]; definition: string }>(`
    select c.conrelid::regclass::text as table,
           array(select a.attname from unnest(c.conkey) as k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k)::text[] as columns,
           pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'c' and c.connamespace = 'public'::regnamespace`);
  checks = rows;
});

afterAll(async () => {
  await emulator?.close();
});

/** The check constraints on exactly this one column. */
function checksOn(table: string, column: string): string[] {
  return checks.filter((check) => check.table === table && check.columns.length === 1 && check.columns[0] === column).map((check) => check.definition);
}

/** The values of a `column in (...)` check, which Postgres prints as `column = ANY (ARRAY['a'::text, ...])`. */
function allowedValues(table: string, column: string): string[] {
  const lists = checksOn(table, column).flatMap((definition) => {
    const match = definition.match(/= ANY \(ARRAY\[(.*)\]\)/);
    return match?.[1] ? [[...match[1].matchAll(/'((?:[^']|'')*)'::text/g)].map(([, value]) => value!.replaceAll("''", "'"))] : [];
  });
  expect(lists, `one list of allowed values on ${table}.${column}`).toHaveLength(1);
  return lists[0]!.sort();
}

/** The bounds of a `column between min and max` check, which Postgres prints as `(column >= min) AND (column <= max)`. */
function allowedRange(table: string, column: string): { min: number; max: number } {
  const ranges = checksOn(table, column).flatMap((definition) => {
    const match = definition.match(new RegExp(`\\(${column} >= (-?\\d+)\\) AND \\(${column} <= (-?\\d+)\\)`));
    return match ? [{ min: Number(match[1]), max: Number(match[2]) }] : [];
  });
  expect(ranges, `one range on ${table}.${column}`).toHaveLength(1);
  return ranges[0]!;
}

const sorted = (values: readonly string[]) => [...values].sort();

describe("lists of values", () => {
  it("the outbox fails a message after as many attempts as the senders make", async () => {
    const { rows } = await emulator.db.pg.query<{ attempts: number }>("select public.message_max_attempts() as attempts");
    expect(rows).toEqual([{ attempts: MAX_ATTEMPTS }]);
  });

  it("the outbox takes exactly the kinds of message the app can render", () => {
    expect(allowedValues("message_outbox", "kind")).toEqual([...MESSAGE_KINDS].sort());
  });

  it("booking service types are SERVICE_TYPES", () => {
    expect(allowedValues("bookings", "service_type")).toEqual(sorted(SERVICE_TYPES));
  });

  it("booking team types are TEAM_TYPES", () => {
    expect(allowedValues("bookings", "team_type")).toEqual(sorted(TEAM_TYPES));
  });

  it("booking property sizes are PROPERTY_SIZES", () => {
    expect(allowedValues("bookings", "property_size")).toEqual(sorted(PROPERTY_SIZES));
  });

  it("booking statuses are BOOKING_STATUSES", () => {
    expect(allowedValues("bookings", "status")).toEqual(sorted(BOOKING_STATUSES));
  });

  it("statuses in a booking's history are BOOKING_STATUSES", () => {
    expect(allowedValues("booking_status_events", "status")).toEqual(sorted(BOOKING_STATUSES));
  });

  it("every field a booking's edit history may record has its words in BOOKING_EDIT_FIELD_LABELS", () => {
    expect(allowedValues("booking_edits", "field")).toEqual(sorted(Object.keys(BOOKING_EDIT_FIELD_LABELS)));
  });

  it("deposit statuses are DEPOSIT_STATUSES", () => {
    expect(allowedValues("bookings", "deposit_status")).toEqual(sorted(DEPOSIT_STATUSES));
  });

  it("analytics event types are ANALYTICS_EVENT_TYPES", () => {
    expect(allowedValues("website_analytics", "event_type")).toEqual(sorted(ANALYTICS_EVENT_TYPES));
  });

  it("roles are APP_ROLES", async () => {
    const { rows } = await emulator.db.pg.query<{ role: string }>("select unnest(enum_range(null::public.app_role))::text as role");
    expect(sorted(rows.map(({ role }) => role))).toEqual(sorted(APP_ROLES));
  });
});

describe("limits", () => {
  it("add-on counters are COUNTER_LIMITS", () => {
    expect(allowedRange("bookings", "extra_movers")).toEqual(COUNTER_LIMITS.extraMovers);
    expect(allowedRange("bookings", "tv_mounting")).toEqual(COUNTER_LIMITS.tvMounting);
    expect(allowedRange("bookings", "deep_cleaning_bedrooms")).toEqual(COUNTER_LIMITS.deepCleaningBedrooms);
  });

  it("website analytics are kept for ANALYTICS_RETENTION_DAYS", () => {
    expect(allowedRange("app_settings", "analytics_retention_days")).toEqual(ANALYTICS_RETENTION_DAYS);
  });

  it("day-before reminders go at one of DAY_BEFORE_REMINDER_HOURS", () => {
    expect(allowedRange("app_settings", "day_before_reminder_hour")).toEqual(DAY_BEFORE_REMINDER_HOURS);
  });

  it("customers' online changes close CUSTOMER_CHANGE_NOTICE_HOURS before the move, and a booking is moved online at most ONLINE_RESCHEDULE_LIMITS times", () => {
    expect(allowedRange("app_settings", "customer_change_notice_hours")).toEqual(CUSTOMER_CHANGE_NOTICE_HOURS);
    expect(allowedRange("app_settings", "online_reschedule_limit")).toEqual(ONLINE_RESCHEDULE_LIMITS);
  });

  it("a final bill may come at most BILL_MARGIN_PERCENTS above the estimate before the customer approves it", () => {
    expect(allowedRange("app_settings", "bill_margin_percent")).toEqual(BILL_MARGIN_PERCENTS);
  });

  it("every estimate's hours can be stored", () => {
    const { min, max } = allowedRange("bookings", "estimated_hours");
    const hours = [estimatedHours(undefined), ...PROPERTY_SIZES.map((size) => estimatedHours(size))];
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(min);
    expect(Math.max(...hours)).toBeLessThanOrEqual(max);
  });
});

describe("company rules", () => {
  it("the database reads move dates in COMPANY.timeZone", async () => {
    const { rows } = await emulator.db.pg.query<{ zone: string }>("select public.company_time_zone() as zone");
    expect(rows[0]?.zone).toBe(COMPANY.timeZone);
  });

  it("customers may cancel up to the notice the company set, by default the one the pages assume", async () => {
    const notice = async () =>
      (await emulator.db.pg.query<{ hours: number }>("select extract(epoch from public.customer_cancellation_notice())::int / 3600 as hours")).rows[0]?.hours;
    expect(await notice()).toBe(DEFAULT_CUSTOMER_CHANGE_RULES.noticeHours);
    await emulator.db.pg.query("update public.app_settings set customer_change_notice_hours = 72 where id");
    try {
      expect(await notice()).toBe(72);
    } finally {
      await emulator.db.pg.query("update public.app_settings set customer_change_notice_hours = default where id");
    }
  });
});
