import { addDays, todayIn } from "../../../app/domain/booking-schemas.ts";
import { STEP_FIELDS, WIZARD_STEPS, type AnswerStep, type WizardStep } from "../../../app/domain/booking-wizard.ts";
import { COMPANY } from "../../../app/domain/company.ts";
import { wizardPath } from "../../../app/domain/wizard-path.ts";
import { uniqueEmail } from "../../../emulators/supabase/testing/index.ts";
import type { wizardLoader } from "../../../app/routes/book/wizard.server.ts";
import type { Page, RouteOutcome, Visitor } from "./app-client.ts";

// The booking wizard through the app's request handler: a step opened as the page's router loads it,
// and the whole wizard answered as a browser without JavaScript answers it (each step's form posted
// to the step's own address, the visitor's cookies kept), then Pay on the review.

/** What a step's page is given: the visitor's draft, and what that step needs besides. */
export type WizardPage = Awaited<ReturnType<typeof wizardLoader>>;

/** A step's address, with `search` (a link's pre-selections, the review's way back) as given. */
export function stepPath(step: WizardStep, search = ""): string {
  return `${wizardPath(step)}${search}`;
}

/** A step as the page's router loads it: what the page shows, or where the wizard sends the visitor instead. */
export function openStep(visitor: Visitor, step: WizardStep, search = ""): Promise<RouteOutcome<WizardPage>> {
  return visitor.load<WizardPage>(stepPath(step, search), `routes/book/${step}`);
}

/** What the steps' forms post, by field, as the browser sends them: a checked add-on is "on", an unchecked one is left out. */
export interface WizardAnswers {
  fullName?: string;
  email?: string;
  phone?: string;
  date?: string;
  time?: string;
  fromAddress?: string;
  toAddress?: string;
  propertySize?: string;
  teamType?: string;
  serviceType?: string;
  packingService?: string;
  storageService?: string;
  cleaningService?: string;
  extraMovers?: string;
  tvMounting?: string;
  deepCleaningBedrooms?: string;
  specialInstructions?: string;
}

/** An elite local move of a 2-bedroom home three weeks ahead at 10:00 AM, no add-ons, by someone with an email of their own. */
function sampleAnswers(): WizardAnswers {
  return {
    fullName: "Wren Wizard",
    email: uniqueEmail("wizard"),
    phone: "(404) 555-0150",
    date: addDays(todayIn(COMPANY.timeZone), 21),
    time: "10:00",
    fromAddress: "1 Peachtree St, Atlanta",
    toAddress: "2 Ponce de Leon Ave, Atlanta",
    propertySize: "2_bedroom",
    teamType: "elite",
    serviceType: "local",
    extraMovers: "0",
    tvMounting: "0",
    deepCleaningBedrooms: "0",
    specialInstructions: "",
  };
}

const ANSWER_STEPS = WIZARD_STEPS.filter((step): step is AnswerStep => step !== "review");

/**
 * Presses Continue on every step before the review, each step's form posting its fields of `answers`
 * (over the sample's). Returns the last answer: the add-ons step's redirect to /book/review when every
 * step took its answers; otherwise the answer of the first step that did not lead to the next one (a
 * refusal, or a redirect elsewhere), and no later step is posted.
 */
export async function answerWizard(visitor: Visitor, answers: WizardAnswers = {}): Promise<Page> {
  const all: Record<string, string | undefined> = { ...sampleAnswers(), ...answers };
  let answer: Page | undefined;
  for (const [index, step] of ANSWER_STEPS.entries()) {
    const form: Record<string, string> = { intent: "continue" };
    for (const field of STEP_FIELDS[step]) {
      const value = all[field];
      if (value !== undefined) form[field] = value;
    }
    answer = await visitor.post(wizardPath(step), form);
    const next = WIZARD_STEPS[index + 1];
    if (!next || answer.location !== wizardPath(next)) return answer;
  }
  if (!answer) throw new Error("the wizard has no steps to answer");
  return answer;
}

/**
 * Presses Pay on the review as its form posts it, each press a new attempt (`search` is the review's
 * query, if any): a 303 to Stripe Checkout when the booking was saved.
 */
export function pressPay(
  visitor: Visitor,
  { search = "", saveCard = false, keepDetails = false }: { search?: string; saveCard?: boolean; keepDetails?: boolean } = {},
): Promise<Page> {
  return visitor.post(`${wizardPath("review")}${search}`, {
    intent: "pay",
    attempt: crypto.randomUUID(),
    ...(saveCard ? { saveCard: "yes" } : {}),
    ...(keepDetails ? { keepDetails: "yes" } : {}),
  });
}
