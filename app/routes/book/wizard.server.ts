import { startFacts } from "../availability-answer.server";
import { companyDay } from "~/services/company-day.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, redirectDocument, type LoaderFunctionArgs, type ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { wizardPath } from "~/domain/wizard-path";
import { requestContext, servicesContext, sessionContext, settingsContext } from "~/context";
import { bookingRequestSchema, type ValidBookingRequest } from "~/domain/booking-schemas";
import { isBookingFinished } from "~/domain/booking-status";
import { capacityProblems, wizardAvailabilityView, type CapacityAvailability, type CapacityProblems, type WizardAvailability } from "~/domain/capacity";
import { MONTH_PARAM, SHOW_TIMES_INTENT, monthOfIntent, monthToShow, parseMonth } from "~/domain/date-picker-month";
import type { BookingRequest } from "~/domain/booking";
import {
  UPDATE_ESTIMATE_INTENT,
  adjustCounter,
  counterAdjustment,
  withFormAnswers,
  withStepAnswers,
  firstIncompleteStep,
  parseReturnTo,
  preselectionsFrom,
  previousStep,
  reachableStep,
  stepAfter,
  stepSchema,
  type BookingDraft,
  type WizardStep,
} from "~/domain/booking-wizard";
import { cancellationTerms } from "~/domain/booking-review";
import { KEEP_DETAILS, detailsToKeep } from "~/domain/profile";
import { SAVE_CARD_FIELD } from "~/domain/saved-card";
import { estimatedHours } from "~/domain/pricing";
import { firstMoveDate } from "~/domain/move-start-rules";
import { attachDraftPhotos, draftPhotoViews } from "~/services/booking-photos.server";
import { isDraftFinished, savePendingBooking } from "~/services/bookings.server";
import { slotsOfDay, wizardAvailability } from "~/services/capacity.server";
import { customerChangeRulesOf } from "~/domain/company-settings";
import { discardDraft, loadDraft, saveDraft, type StoredDraft } from "~/services/drafts.server";
import { payingVisitor } from "~/services/paying-browser.server";
import { CHECKOUT_REFUSAL_MESSAGES, closeReleasedCheckouts, startCheckout } from "~/services/payments.server";
import { readFormBody } from "~/services/form-body.server";
import { keepContactDetails } from "~/services/profiles.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { rebookingChoices } from "~/services/rebooking.server";
import { signedInFullName } from "~/services/session.server";

// The booking wizard's loader and action, shared by its six pages (one route module each, so that a
// step's page loads the code of that step alone): the step is the page's, the draft the visitor's.

type LoaderArgs = Pick<LoaderFunctionArgs, "request" | "context">;
type ActionArgs = Pick<ActionFunctionArgs, "request" | "context">;

/** Marks the details step Pay sent the customer back to: their time was free when chosen, and was just taken. */
const TAKEN_PARAM = "taken";
/** Where Pay refused for want of a crew leads: the details step, whose Continue returns to the review. */
const TAKEN_AT_PAY = withSearch(wizardPath("details", "review"), TAKEN_PARAM, "1");

/** What a step's page shows: the visitor's draft, and what that step needs besides. */
export async function wizardLoader(step: WizardStep, { request, context }: LoaderArgs) {
  const session = context.get(sessionContext);
  const stored = await currentDraft(request, context);
  const url = new URL(request.url);

  // Signed-in customers start with their name, email and phone filled in; a link's choices are shown on top.
  const user = session.user;
  const known = user ? { fullName: signedInFullName(context), email: user.email, phone: session.profile?.phone } : {};
  // Only what the account holds: an answer it lacks is left out, not set to nothing.
  const fromAccount: BookingDraft = Object.fromEntries(Object.entries(known).filter(([, value]) => value));
  const draft: BookingDraft = { ...fromAccount, ...stored.draft, ...(await choicesFromLink(url, context)) };
  const { timeZone, today: todayDate } = await companyDay(context);
  const settings = await context.get(settingsContext)();
  const rules = customerChangeRulesOf(settings);
  const reachable = reachableStep(step, draft, todayDate);
  if (reachable !== step) throw redirect(`${wizardPath(reachable)}${url.search}`);
  // Photos are for signed-in customers, on the add-ons step, shown by the app's thumbnail addresses.
  const photos = user && step === "addons" ? draftPhotoViews({ userId: user.id, draftId: stored.id }, draft.photos ?? []) : [];
  // The terms depend on the moment they are read, so the server states them once for the page.
  const cancellation =
    step === "review" && draft.date ? cancellationTerms({ date: draft.date, time: draft.time }, new Date(), user !== null, { timeZone, rules }) : [];
  const judged =
    step === "details"
      ? await detailsAvailability(context, { today: todayDate, month: parseMonth(url.searchParams.get(MONTH_PARAM)), draft, draftId: stored.id })
      : null;
  // A saved date or time that can no longer take the move (a day closed since, or Pay refused because
  // another customer took the last crew first) is said on the step, with everything else kept.
  const timeJustTaken = url.searchParams.has(TAKEN_PARAM);
  const capacity: CapacityProblems = judged?.day ? capacityProblems(judged.day, draft.time, { timeJustTaken }) : {};
  return {
    step,
    draft,
    today: todayDate,
    signedIn: user !== null,
    returnTo: parseReturnTo(url.searchParams),
    // Names this page's Pay press: pressing it twice (or resubmitting) starts one checkout, not two.
    attempt: crypto.randomUUID(),
    photos,
    cancellation,
    billMarginPercent: settings.billMarginPercent,
    // Signed-in customers are offered to keep the booking's phone and new address on their profile.
    detailsToKeep: step === "review" && session.profile ? detailsToKeep(draft, session.profile) : null,
    availability: judged && wizardAvailabilityView(judged),
    capacity,
  };
}

/** The details step's month of days and the date's slots, for the move as the draft has it. */
async function detailsAvailability(
  context: LoaderArgs["context"],
  { today, month, draft, draftId }: { today: string; month: string | null; draft: BookingDraft; draftId: string | null },
): Promise<CapacityAvailability> {
  const client = context.get(sessionContext).supabase;
  const facts = await startFacts(context);
  return wizardAvailability(
    client,
    {
      month: monthToShow(today, month, draft.date, firstMoveDate(facts.now.date, facts.rules)),
      today,
      date: draft.date,
      hours: estimatedHours(draft.propertySize),
      exceptDraft: draftId ?? undefined,
    },
    facts,
  );
}

/**
 * Choices a link into the wizard brings: a landing card's team or add-on, the dashboard's way back,
 * Book Again's addresses and service (the customer's own booking, read with their own client). A visit
 * only shows them, since any site can link here; the step's form posts to the address it was shown at,
 * and that post saves them with the step's answers.
 */
async function choicesFromLink(url: URL, context: LoaderArgs["context"]): Promise<BookingDraft> {
  const choices: BookingDraft = preselectionsFrom(url.searchParams);
  if (url.searchParams.get("from") === "dashboard") choices.entry = "dashboard";
  const rebookId = url.searchParams.get("rebook");
  const session = context.get(sessionContext);
  if (rebookId && session.user) {
    const previous = await rebookingChoices(session.supabase, session.user.id, rebookId);
    if (previous) Object.assign(choices, previous, { entry: "again" });
  }
  return choices;
}

/** The visitor's own draft, unless its booking is paid or cancelled: then the wizard starts afresh. */
async function currentDraft(request: Request, context: LoaderArgs["context"]): Promise<StoredDraft> {
  const stored = await loadDraft(request, context);
  if (stored.id && (await isDraftFinished(context.get(servicesContext).serviceRole, stored.id))) {
    await discardDraft(context, stored.id);
    return { id: null, draft: {} };
  }
  return stored;
}

function bookingRequestOf(valid: ValidBookingRequest): BookingRequest {
  return { ...valid, time: valid.time ?? null, specialInstructions: valid.specialInstructions || null };
}

/**
 * The step shown again with what was wrong: its form's answer (the messages, with everything typed)
 * and, for the details step, the month and slots of the date posted.
 */
function stepAnswer(step: WizardStep, result: SubmissionResult<string[]>, status: number, availability: WizardAvailability | null = null) {
  return data({ step, result, availability }, { status });
}

/** A limit reached: the message above the step's form, with everything typed sent back to it. */
function tooManyAttempts(step: WizardStep, formData: FormData, retryAfterSeconds: number) {
  const typed = parseWithZod(formData, { schema: z.object({}) });
  return stepAnswer(step, typed.reply({ formErrors: [tooManyAttemptsMessage(retryAfterSeconds)] }), 429);
}

/** A step's form posted: Back, a counter or a month without JavaScript, Continue, or the review's Pay. */
export async function wizardAction(step: WizardStep, { request, context }: ActionArgs) {
  const formData = await readFormBody(request);
  const intent = String(formData.get("intent") ?? "continue");
  const stored = await currentDraft(request, context);
  const url = new URL(request.url);
  const fromLink = await choicesFromLink(url, context);
  // A step opened from the review's Edit link keeps that way back through its own redirects.
  const returnTo = parseReturnTo(url.searchParams);
  const here = wizardPath(step, returnTo);

  // Back, a counter moved, the estimate, a month or a date's times asked for without JavaScript: keep what was typed, unchecked, and move.
  const adjust = counterAdjustment(intent);
  const month = monthOfIntent(intent);
  if (intent === "previous" || intent === UPDATE_ESTIMATE_INTENT || intent === SHOW_TIMES_INTENT || adjust || month) {
    let draft = withFormAnswers({ ...stored.draft, ...fromLink }, step, formData);
    if (adjust) draft = adjustCounter(draft, adjust.counter, adjust.delta);
    const saved = await saveDraft(context, stored, draft);
    if (saved.kind === "rate-limited") return tooManyAttempts(step, formData, saved.retryAfterSeconds);
    return redirect(
      adjust
        ? `${here}#${adjust.counter}-field`
        : month
          ? `${withSearch(here, MONTH_PARAM, month)}#move-date`
          : intent === SHOW_TIMES_INTENT
            ? `${here}#start-time`
            : intent === UPDATE_ESTIMATE_INTENT
              ? `${here}#price-summary`
              : wizardPath(previousStep(step) ?? step, returnTo),
    );
  }

  const { today: todayDate } = await companyDay(context);
  const submission = parseWithZod(formData, { schema: stepSchema(step, todayDate) });
  if (submission.status !== "success") {
    return stepAnswer(step, submission.reply(), 400);
  }
  const draft = withStepAnswers({ ...stored.draft, ...fromLink }, step, submission.value);
  if (step === "details") {
    const refused = await refusedForCapacity(context, { today: todayDate, draft, draftId: stored.id });
    if (refused) {
      const { problems, availability } = refused;
      const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]]));
      return stepAnswer(step, submission.reply({ fieldErrors }), 409, availability);
    }
  }
  const saved = await saveDraft(context, stored, draft);
  if (saved.kind === "rate-limited") return tooManyAttempts(step, formData, saved.retryAfterSeconds);
  const draftId = saved.id;
  const next = stepAfter(step, returnTo);
  if (next) return redirect(wizardPath(next));

  // The review: check every answer again, save the booking priced here, and send the customer to Stripe.
  const complete = bookingRequestSchema(todayDate).safeParse(draft);
  if (!complete.success) return redirect(wizardPath(firstIncompleteStep(draft, todayDate) ?? "contact"));
  const services = context.get(servicesContext);
  const userId = context.get(sessionContext).user?.id ?? null;
  const wait = await services.bookingLimits.before("pay", context.get(requestContext).clientIp, userId);
  if (wait) return tooManyAttempts(step, formData, wait);
  const visitor = await payingVisitor(request, context);
  const pending = await savePendingBooking(
    services.serviceRole,
    { request: bookingRequestOf(complete.data), userId, draftId, visitor },
    await startFacts(context),
  );
  // Another customer took the last crew first, or the day closed: the details step says so.
  if (pending.kind !== "saved") return redirect(TAKEN_AT_PAY);
  const { booking } = pending;
  // Paid or cancelled since the page was shown: nothing more to pay here, the wizard starts afresh.
  if (isBookingFinished(booking)) {
    await discardDraft(context, draftId);
    return redirect(wizardPath("contact"));
  }
  await attachDraftPhotos(services.serviceRole, booking.id, draft.photos ?? []);
  const session = context.get(sessionContext);
  if (session.user && session.profile && formData.get(KEEP_DETAILS.field) === "yes") {
    const kept = detailsToKeep(complete.data, session.profile);
    // Not keeping them is no reason to stop the payment: logged, and the customer goes on to pay.
    if (kept)
      await keepContactDetails(session.supabase, session.user.id, kept).catch((error: unknown) =>
        context.get(requestContext).logger.warn({ err: error }, "could not keep the booking's phone and address on the profile"),
      );
  }
  const attempt = String(formData.get("attempt") ?? "").slice(0, 64) || crypto.randomUUID();
  const checkout = await startCheckout(services.stripe, services.serviceRole, booking, {
    publicUrl: services.publicUrl,
    idempotencyKey: `deposit-${booking.id}-${attempt}`,
    saveCard: formData.get(SAVE_CARD_FIELD) === "yes",
  });
  if (checkout.kind === "slot-taken") return redirect(TAKEN_AT_PAY);
  if (checkout.kind !== "checkout") {
    const cause = checkout.kind === "stripe-unavailable" ? checkout.cause : undefined;
    context.get(requestContext).logger.warn({ err: cause, bookingId: booking.id }, "checkout could not start");
    return stepAnswer(step, submission.reply({ formErrors: [CHECKOUT_REFUSAL_MESSAGES[checkout.kind]] }), 502);
  }
  await closeReleasedCheckouts(services.stripe, services.serviceRole, { bookingId: booking.id, browser: visitor.browser, userId });
  // A full page load: Checkout is another site (the embedded one merely shares this origin).
  return redirectDocument(checkout.url, 303);
}

/**
 * The details posted cannot be booked: the date is closed or full, or the time chosen is full (it was
 * shown for another date, or before others booked it). Null when a crew can take the move; otherwise
 * what to say, by field, and the posted date's month and slots to show with it.
 */
async function refusedForCapacity(
  context: ActionArgs["context"],
  { today, draft, draftId }: { today: string; draft: BookingDraft; draftId: string | null },
): Promise<{ problems: CapacityProblems; availability: WizardAvailability } | null> {
  if (!draft.date) return null;
  const client = context.get(sessionContext).supabase;
  const hours = estimatedHours(draft.propertySize);
  const day = await slotsOfDay(client, { date: draft.date, hours, exceptDraft: draftId ?? undefined }, await startFacts(context));
  const problems = capacityProblems(day, draft.time, { timeJustTaken: false });
  if (!problems.date && !problems.time) return null;
  return { problems, availability: wizardAvailabilityView(await detailsAvailability(context, { today, month: null, draft, draftId })) };
}

/** `path` with one more query parameter. */
function withSearch(path: string, name: string, value: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ [name]: value })}`;
}
