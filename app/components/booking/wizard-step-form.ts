import { INTENT } from "@conform-to/dom";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Dispatch, SetStateAction } from "react";
import { z } from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import type { BookingDraft } from "~/domain/booking-wizard";

// What every step of the booking wizard shares: its props, when its fields are checked, and its Continue.

export interface StepProps {
  /** The draft as saved: what the step's fields start from. */
  draft: BookingDraft;
  /** The draft as the customer is changing it on this step, before sending it: what the prices follow. */
  live: BookingDraft;
  onLiveChange: Dispatch<SetStateAction<BookingDraft>>;
  lastResult?: SubmissionResult<string[]>;
}

/** Checked when a field is left, then again as the customer corrects it. */
export const STEP_VALIDATION = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * Checks a step in the browser, except when the button pressed skips checks (Previous, a counter
 * moved without JavaScript): those keep what was typed, whatever it is. Conform checks a field as it
 * is left or corrected by submitting with a hidden button of its own, which skips the browser's
 * checks too: that one is a check. The step's schema is asked for at the first check, not when the
 * page starts.
 */
export function validateStep<Schema extends $ZodType<Record<string, unknown>>>(schema: () => Schema) {
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLInputElement | HTMLButtonElement | null }) => {
    const checked = () => parseWithZod(formData, { schema: schema() });
    const skipsChecks = submitter?.formNoValidate === true && submitter.name !== INTENT;
    return skipsChecks ? (parseWithZod(formData, { schema: z.object({}) }) as unknown as ReturnType<typeof checked>) : checked();
  };
}

export const CONTINUE = { intent: "continue", label: "Continue", pendingLabel: "Saving…" };
