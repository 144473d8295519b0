import { data } from "react-router";
import { z } from "zod";

/** What a page answers (400) to a form that is none of its own. */
export const FORM_NOT_TAKEN = "This page takes no such form.";

/** The form's `intent` must be the one this page's form sends; another is thrown as a 400. */
export function requireIntent(form: FormData, intent: string): void {
  if (!z.literal(intent).safeParse(form.get("intent")).success) throw data(FORM_NOT_TAKEN, { status: 400 });
}
