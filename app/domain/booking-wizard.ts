import { z } from "zod/mini";
import { builtOnce } from "./built-once";
import { addonsSchema, contactSchema, detailsSchema, serviceSchema, teamSchema } from "./booking-schemas";
import { MAX_BOOKING_PHOTOS, draftPhotoSchema } from "./photo-rules";
import { COUNTER_LIMITS, PROPERTY_SIZES, SERVICE_TYPES, TEAM_TYPES, TIME_SLOTS, estimateBooking, type AddonCounter, type Estimate } from "./pricing";

/** The steps in order: five that ask for answers, then the review, where the deposit is paid. */
export const WIZARD_STEPS = ["contact", "details", "team", "service", "addons", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
/** A step that asks for answers: every step but the review. */
export type AnswerStep = Exclude<WizardStep, "review">;

export const STEP_TITLES: Record<WizardStep, string> = {
  contact: "Contact",
  details: "Move details",
  team: "Team",
  service: "Service",
  addons: "Add-ons",
  review: "Review and pay",
};

/** The stepper's names where the full titles do not fit (the narrowest phones). */
export const STEP_SHORT_TITLES: Record<WizardStep, string> = {
  contact: "Contact",
  details: "Details",
  team: "Team",
  service: "Service",
  addons: "Add-ons",
  review: "Review",
};

/** The submit that saves a step's answers unchecked and shows it again, priced anew (no JavaScript). */
export const UPDATE_ESTIMATE_INTENT = "update-estimate";

export const nextStep = (step: WizardStep): WizardStep | null => WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? null;
export const previousStep = (step: WizardStep): WizardStep | null => WIZARD_STEPS[WIZARD_STEPS.indexOf(step) - 1] ?? null;

/**
 * The query an answer step is opened with from the review's Edit link (`?return=review`): the step's
 * form posts to that address, and Continue then goes back to the review instead of the next step.
 */
export const RETURN_PARAM = "return";
export type ReturnTo = "review";

/** Where a step was opened to return to: only `review` counts; anything else is ignored. */
export function parseReturnTo(params: URLSearchParams): ReturnTo | null {
  return params.get(RETURN_PARAM) === "review" ? "review" : null;
}

/** The query that carries `returnTo` along ("" without one). */
export function returnSearch(returnTo: ReturnTo | null): string {
  return returnTo ? `?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}` : "";
}

/** Where Continue leads once a step's answers are saved: back to the review when opened from it, else on; null on the review itself (it pays). */
export function stepAfter(step: WizardStep, returnTo: ReturnTo | null): WizardStep | null {
  if (step === "review") return null;
  return returnTo ?? nextStep(step);
}

/** A field read back as kept, or dropped (undefined) when it no longer parses. */
const lenient = <Schema extends z.ZodMiniType>(schema: Schema) => z.catch(z.optional(schema), undefined);

/**
 * What the customer has entered so far, as kept between steps. Read back leniently: a field that no
 * longer parses is dropped (and asked for again), never an error.
 */
export const draftSchema = builtOnce(() =>
  z.object({
    fullName: lenient(z.string().check(z.maxLength(200))),
    email: lenient(z.string().check(z.maxLength(320))),
    phone: lenient(z.string().check(z.maxLength(40))),
    date: lenient(z.string().check(z.maxLength(10))),
    time: lenient(z.enum(TIME_SLOTS)),
    fromAddress: lenient(z.string().check(z.maxLength(500))),
    toAddress: lenient(z.string().check(z.maxLength(500))),
    propertySize: lenient(z.enum(PROPERTY_SIZES)),
    teamType: lenient(z.enum(TEAM_TYPES)),
    serviceType: lenient(z.enum(SERVICE_TYPES)),
    packingService: lenient(z.boolean()),
    storageService: lenient(z.boolean()),
    cleaningService: lenient(z.boolean()),
    extraMovers: lenient(z.int().check(z.gte(0), z.lte(COUNTER_LIMITS.extraMovers.max))),
    tvMounting: lenient(z.int().check(z.gte(0), z.lte(COUNTER_LIMITS.tvMounting.max))),
    deepCleaningBedrooms: lenient(z.int().check(z.gte(0), z.lte(COUNTER_LIMITS.deepCleaningBedrooms.max))),
    specialInstructions: lenient(z.string().check(z.maxLength(2000))),
    /** How the customer came: from the dashboard (offer the way back) or to book a finished move again. */
    entry: lenient(z.enum(["dashboard", "again"])),
    /** Photos of the customer's belongings, uploaded before paying (signed-in customers only). */
    photos: lenient(z.array(draftPhotoSchema()).check(z.maxLength(MAX_BOOKING_PHOTOS))),
  }),
);

export type BookingDraft = z.infer<ReturnType<typeof draftSchema>>;

export function readDraft(value: unknown): BookingDraft {
  const parsed = draftSchema().safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The review asks nothing: it shows the answers, and its one button pays. */
const reviewSchema = builtOnce(() => z.object({}));

/** The schema that checks one step (the details step against today's date). */
export function stepSchema(step: WizardStep, today: string) {
  switch (step) {
    case "contact":
      return contactSchema();
    case "details":
      return detailsSchema(today);
    case "team":
      return teamSchema();
    case "service":
      return serviceSchema();
    case "addons":
      return addonsSchema();
    case "review":
      return reviewSchema();
  }
}

export function isStepComplete(step: WizardStep, draft: BookingDraft, today: string): boolean {
  return stepSchema(step, today).safeParse(draft).success;
}

/** The first step still missing something, or null when the draft is ready to pay. */
export function firstIncompleteStep(draft: BookingDraft, today: string): WizardStep | null {
  return WIZARD_STEPS.find((step) => !isStepComplete(step, draft, today)) ?? null;
}

/**
 * Where a customer asking for `wanted` may be: that step, unless an earlier one is incomplete (a
 * customer cannot skip ahead past a missing answer by editing the URL).
 */
export function reachableStep(wanted: WizardStep, draft: BookingDraft, today: string): WizardStep {
  const missing = firstIncompleteStep(draft, today);
  if (missing === null) return wanted;
  return WIZARD_STEPS.indexOf(missing) < WIZARD_STEPS.indexOf(wanted) ? missing : wanted;
}

/** A counter's − or + pressed without JavaScript (its button's intent `adjust:<counter>:<-1|1>`), or null for any other intent. */
export function counterAdjustment(intent: string): { counter: AddonCounter; delta: -1 | 1 } | null {
  const match = /^adjust:(extraMovers|tvMounting|deepCleaningBedrooms):(-1|1)$/.exec(intent);
  return match ? { counter: match[1] as AddonCounter, delta: match[2] === "1" ? 1 : -1 } : null;
}

/** A counter moved by a stepper button, kept within its limits. */
export function adjustCounter(draft: BookingDraft, counter: AddonCounter, delta: number): BookingDraft {
  const { min, max } = COUNTER_LIMITS[counter];
  const current = draft[counter] ?? 0;
  return { ...draft, [counter]: Math.min(max, Math.max(min, current + delta)) };
}

/** Choices a link to the wizard may pre-select (the landing's team and add-on cards). */
export function preselectionsFrom(params: URLSearchParams): Partial<BookingDraft> {
  const found: Partial<BookingDraft> = {};
  const team = TEAM_TYPES.find((value) => value === params.get("team"));
  if (team) found.teamType = team;
  const service = SERVICE_TYPES.find((value) => value === params.get("service"));
  if (service) found.serviceType = service;
  for (const counter of Object.keys(COUNTER_LIMITS) as AddonCounter[]) {
    const raw = params.get(counter);
    if (raw !== null && /^\d{1,2}$/.test(raw)) {
      const { min, max } = COUNTER_LIMITS[counter];
      found[counter] = Math.min(max, Math.max(min, Number(raw)));
    }
  }
  return found;
}

/** The itemised estimate once the team and the service are chosen, or null before. */
export function estimateFromDraft(draft: BookingDraft): Estimate | null {
  if (!draft.teamType || !draft.serviceType) return null;
  return estimateBooking({
    teamType: draft.teamType,
    serviceType: draft.serviceType,
    propertySize: draft.propertySize,
    packingService: draft.packingService ?? false,
    storageService: draft.storageService ?? false,
    cleaningService: draft.cleaningService ?? false,
    extraMovers: draft.extraMovers ?? 0,
    tvMounting: draft.tvMounting ?? 0,
    deepCleaningBedrooms: draft.deepCleaningBedrooms ?? 0,
  });
}

/** The fields each step's form posts. */
export const STEP_FIELDS: Record<WizardStep, ReadonlyArray<keyof BookingDraft>> = {
  contact: ["fullName", "email", "phone"],
  details: ["date", "time", "fromAddress", "toAddress", "propertySize"],
  team: ["teamType"],
  service: ["serviceType"],
  addons: ["packingService", "storageService", "cleaningService", "extraMovers", "tvMounting", "deepCleaningBedrooms", "specialInstructions"],
  review: [],
};

const BOOLEAN_FIELDS = new Set<keyof BookingDraft>(["packingService", "storageService", "cleaningService"]);
const NUMBER_FIELDS = new Set<keyof BookingDraft>(["extraMovers", "tvMounting", "deepCleaningBedrooms"]);

/**
 * What a step's form holds, unchecked, for keeping when the customer goes back or moves a counter:
 * values that would not be valid are simply not kept (the step asks for them again).
 */
export function draftValuesFromForm(step: WizardStep, formData: FormData): BookingDraft {
  const values: Record<string, unknown> = {};
  for (const field of STEP_FIELDS[step]) {
    const raw = formData.get(field);
    if (BOOLEAN_FIELDS.has(field)) values[field] = raw === "on";
    else if (NUMBER_FIELDS.has(field)) values[field] = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : undefined;
    else if (typeof raw === "string" && raw.trim() !== "") values[field] = raw.trim();
  }
  return readDraft(values);
}

/** The draft with a step's answers in place of what it held for that step: an answer left empty (no preferred time) is gone. */
export function withStepAnswers(draft: BookingDraft, step: WizardStep, answers: BookingDraft): BookingDraft {
  const fields = new Set(STEP_FIELDS[step]);
  const kept = Object.fromEntries(Object.entries(draft).filter(([field]) => !fields.has(field as keyof BookingDraft)));
  return { ...kept, ...answers };
}

/**
 * The draft as a step's form holds it right now, for what the page shows before the step is sent and
 * what a button that skips checks keeps: the step's own fields are the form's, the rest as saved.
 */
export function withFormAnswers(draft: BookingDraft, step: WizardStep, formData: FormData): BookingDraft {
  return withStepAnswers(draft, step, draftValuesFromForm(step, formData));
}
