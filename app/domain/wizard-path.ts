import { parseStep } from "./booking-wizard";

/**
 * True for the address of a booking wizard step (`/book` or `/book/<step>`, any query): the auth
 * dialog was opened from the wizard and returns there, so signing up or in keeps the guest's draft.
 */
export function isWizardPath(path: string): boolean {
  if (!path.startsWith("/")) return false;
  const { pathname } = new URL(path, "http://same.invalid");
  const [, area, step, ...rest] = pathname.split("/");
  if (area !== "book" || rest.length > 0) return false;
  return step === undefined || step === "" || parseStep(step) !== null;
}
