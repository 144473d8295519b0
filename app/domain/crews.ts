import { z } from "zod/mini";
import { monthLabel } from "./admin-analytics";
import { csvLine } from "./csv";
import { formatCents } from "./money";
import { refuse } from "./schema-refusal";

// The company's crews are the schedule's rows, named by the office: crew 1 is the first row of a day.
// A bill records the crew that did the move; the tips paid with balances are the crews' pay, reported
// per crew and month, never revenue.

export const MAX_CREWS = 50;
export const CREW_NAME_MAX_LENGTH = 60;

export interface Crew {
  number: number;
  name: string;
}

export const CREW_MESSAGES = {
  nameNeeded: "Give each crew a name.",
  nameTooLong: `A crew's name is ${CREW_NAME_MAX_LENGTH} characters at most.`,
  nameRepeated: "Each crew needs a name of its own.",
  named: "Crews named",
  notNamed: "The crews could not be named. Please try again.",
} as const;

export const NAME_CREWS_INTENT = "name-crews";

/** The field of crew `number`'s name in the naming form. */
export const crewNameField = (number: number) => `crew${number}`;

/** The naming form's field for a crew to add. */
export const NEW_CREW_FIELD = "newCrew";

/**
 * The naming form for `count` crews (1 to MAX_CREWS) and, if typed, one more: each name trimmed, none
 * blank, too long or the same as another (letter case aside), read into the names of crews 1 to
 * `count` (and the new one) in order.
 */
export function crewNamesSchema(count: number) {
  const name = z
    .string({ error: CREW_MESSAGES.nameNeeded })
    .check(z.trim(), z.minLength(1, CREW_MESSAGES.nameNeeded), z.maxLength(CREW_NAME_MAX_LENGTH, CREW_MESSAGES.nameTooLong));
  const shape: Record<string, z.ZodMiniOptional<typeof name> | typeof name> = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [crewNameField(index + 1), name]),
  );
  shape[NEW_CREW_FIELD] = z.optional(name);
  return z.pipe(
    z.object(shape),
    z.transform((form: Record<string, string | undefined>, context) => {
      const fields = Array.from({ length: count }, (_, index) => crewNameField(index + 1));
      if (form[NEW_CREW_FIELD] !== undefined && count < MAX_CREWS) fields.push(NEW_CREW_FIELD);
      const seen = new Set<string>();
      for (const field of fields) {
        const key = (form[field] as string).toLowerCase();
        if (seen.has(key)) refuse(context, CREW_MESSAGES.nameRepeated, [field]);
        seen.add(key);
      }
      return fields.map((field) => form[field] as string);
    }),
  );
}

/** The tips of one crew in one month, as the database adds them up. */
export interface CrewTips {
  /** Its first day, "2027-02-01". */
  month: string;
  /** Null: moves billed without their crew recorded. */
  crewNumber: number | null;
  crewName: string | null;
  tipsCents: number;
  tippedMoves: number;
}

/** What the page calls moves billed without their crew. */
export const NO_CREW_RECORDED = "No crew recorded";

export interface CrewTipsView {
  key: string;
  month: string;
  crew: string;
  tips: string;
  tippedMoves: number;
}

export function crewTipsView(row: CrewTips): CrewTipsView {
  return {
    key: `${row.month}:${row.crewNumber ?? "none"}`,
    month: monthLabel(row.month),
    crew: row.crewName ?? NO_CREW_RECORDED,
    tips: formatCents(row.tipsCents),
    tippedMoves: row.tippedMoves,
  };
}

export const CREW_TIPS_CSV_HEADER = csvLine(["Month", "Crew number", "Crew", "Tips (USD)", "Tipped moves"]);

/** One crew's month as a CSV record; the month as YYYY-MM and the tips in dollars with cents, as spreadsheets sum them. */
export function crewTipsCsvLine(row: CrewTips): string {
  return csvLine([row.month.slice(0, 7), row.crewNumber, row.crewName ?? NO_CREW_RECORDED, (row.tipsCents / 100).toFixed(2), row.tippedMoves]);
}

/** The export's file name for the day it is made: crew-tips-2027-03-01.csv. */
export function crewTipsCsvFileName(now: Date): string {
  return `crew-tips-${now.toISOString().slice(0, 10)}.csv`;
}
