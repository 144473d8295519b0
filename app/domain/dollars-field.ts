import { z } from "zod/mini";
import { parseDollars } from "./money";
import { refuse } from "./schema-refusal";

/** The most any typed amount may be: a million dollars, far beyond a move and within the database's integers. */
export const MAX_TYPED_CENTS = 100_000_000;

/**
 * A form's amount in dollars as people type it ("25", "1,250.50", "$25"), read into cents: 0 when left
 * empty; anything else, or more than MAX_TYPED_CENTS, is `message`.
 */
export function dollarsField(message: string) {
  return z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((value: string | undefined, context) => {
      if (!value) return 0;
      const cents = parseDollars(value);
      if (cents === null || cents > MAX_TYPED_CENTS) return refuse(context, message);
      return cents;
    }),
  );
}
