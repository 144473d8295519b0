import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, data, href, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { MoveSummaryPanel } from "~/components/booking/move-summary-panel";
import { ReviewStep } from "~/components/booking/review-step";
import { wizardPath } from "~/components/booking/wizard-path";
import { WizardStepper } from "~/components/booking/wizard-stepper";
import { AddonsStep, ContactStep, DetailsStep, ServiceStep, TeamStep } from "~/components/booking/wizard-steps";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { bookingRequestSchema, todayIn, type ValidBookingRequest } from "~/domain/booking-schemas";
import { isBookingFinished } from "~/domain/booking-status";
import { capacityProblems, type CapacityProblems, type WizardAvailability } from "~/domain/capacity";
import { MONTH_PARAM, SHOW_TIMES_INTENT, monthOfIntent, monthToShow, parseMonth } from "~/domain/date-picker-month";
import type { BookingRequest } from "~/domain/booking";
import {
  STEP_TITLES,
  UPDATE_ESTIMATE_INTENT,
  WIZARD_STEPS,
  adjustCounter,
  withFormAnswers,
  withStepAnswers,
  firstIncompleteStep,
  parseReturnTo,
  parseStep,
  preselectionsFrom,
  previousStep,
  reachableStep,
  stepAfter,
  stepSchema,
  type BookingDraft,
  type WizardStep,
} from "~/domain/booking-wizard";
import { cancellationTerms } from "~/domain/booking-review";
import { fullNameOf } from "~/domain/account";
import { COMPANY } from "~/domain/company";
import { estimatedHours, type AddonCounter } from "~/domain/pricing";
import { attachDraftPhotos, draftPhotoViews } from "~/services/booking-photos.server";
import { isDraftFinished, isSlotTakenError, savePendingBooking } from "~/services/bookings.server";
import { slotsOfDay, wizardAvailability } from "~/services/capacity.server";
import { discardDraft, loadDraft, saveDraft, type StoredDraft } from "~/services/drafts.server";
import { startCheckout } from "~/services/payments.server";
import { readFormBody } from "~/services/form-body.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { rebookingChoices } from "~/services/rebooking.server";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/wizard";

function stepFrom(params: Route.LoaderArgs["params"]): WizardStep {
  const step = params.step === undefined ? "contact" : parseStep(params.step);
  if (!step) throw data("This booking step does not exist.", { status: 404 });
  return step;
}

const today = () => todayIn(COMPANY.timeZone);

/** Marks the details step Pay sent the customer back to: their time was free when chosen, and was just taken. */
const TAKEN_PARAM = "taken";
/** Where Pay refused for want of a crew leads: the details step, whose Continue returns to the review. */
const TAKEN_AT_PAY = withSearch(wizardPath("details", "review"), TAKEN_PARAM, "1");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const step = stepFrom(params);
  const session = context.get(sessionContext);
  const stored = await currentDraft(request, context);
  const url = new URL(request.url);

  // Signed-in customers start with their name and email filled in; a link's choices are shown on top.
  const user = session.user;
  const fromAccount: BookingDraft = user ? { fullName: fullNameOf(user.user_metadata) || undefined, email: user.email } : {};
  const draft: BookingDraft = { ...fromAccount, ...stored.draft, ...(await choicesFromLink(url, context)) };
  const todayDate = today();
  const reachable = reachableStep(step, draft, todayDate);
  if (reachable !== step) throw redirect(`${wizardPath(reachable)}${url.search}`);
  // Photos are for signed-in customers, on the add-ons step, shown by the app's thumbnail addresses.
  const photos = user && step === "addons" ? draftPhotoViews({ userId: user.id, draftId: stored.id }, draft.photos ?? []) : [];
  // The terms depend on the moment they are read, so the server states them once for the page.
  const cancellation = step === "review" && draft.date ? cancellationTerms({ date: draft.date, time: draft.time }, new Date(), user !== null) : [];
  const availability =
    step === "details"
      ? await detailsAvailability(context, { today: todayDate, month: parseMonth(url.searchParams.get(MONTH_PARAM)), draft, draftId: stored.id })
      : null;
  // A saved date or time that can no longer take the move (a day closed since, or Pay refused because
  // another customer took the last crew first) is said on the step, with everything else kept.
  const timeJustTaken = url.searchParams.has(TAKEN_PARAM);
  const capacity: CapacityProblems = availability?.day ? capacityProblems(availability.day, draft.time, { timeJustTaken }) : {};
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
    availability,
    capacity,
  };
}

/** The details step's month of days and the date's slots, for the move as the draft has it. */
function detailsAvailability(
  context: Route.LoaderArgs["context"],
  { today, month, draft, draftId }: { today: string; month: string | null; draft: BookingDraft; draftId: string | null },
): Promise<WizardAvailability> {
  return wizardAvailability(context.get(sessionContext).supabase, {
    month: monthToShow(today, month, draft.date),
    today,
    date: draft.date,
    hours: estimatedHours(draft.propertySize),
    exceptDraft: draftId ?? undefined,
  });
}

/**
 * Choices a link into the wizard brings: a landing card's team or add-on, the dashboard's way back,
 * Book Again's addresses and service (the customer's own booking, read with their own client). A visit
 * only shows them, since any site can link here; the step's form posts to the address it was shown at,
 * and that post saves them with the step's answers.
 */
async function choicesFromLink(url: URL, context: Route.LoaderArgs["context"]): Promise<BookingDraft> {
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
async function currentDraft(request: Request, context: Route.LoaderArgs["context"]): Promise<StoredDraft> {
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

const ADJUST = /^adjust:(extraMovers|tvMounting|deepCleaningBedrooms):(-1|1)$/;

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

export async function action({ request, params, context }: Route.ActionArgs) {
  const step = stepFrom(params);
  const formData = await readFormBody(request);
  const intent = String(formData.get("intent") ?? "continue");
  const stored = await currentDraft(request, context);
  const url = new URL(request.url);
  const fromLink = await choicesFromLink(url, context);
  // A step opened from the review's Edit link keeps that way back through its own redirects.
  const returnTo = parseReturnTo(url.searchParams);
  const here = wizardPath(step, returnTo);

  // Back, a counter moved, the estimate, a month or a date's times asked for without JavaScript: keep what was typed, unchecked, and move.
  const adjust = ADJUST.exec(intent);
  const month = monthOfIntent(intent);
  if (intent === "previous" || intent === UPDATE_ESTIMATE_INTENT || intent === SHOW_TIMES_INTENT || adjust || month) {
    let draft = withFormAnswers({ ...stored.draft, ...fromLink }, step, formData);
    if (adjust) draft = adjustCounter(draft, adjust[1] as AddonCounter, Number(adjust[2]));
    const saved = await saveDraft(context, stored, draft);
    if ("retryAfterSeconds" in saved) return tooManyAttempts(step, formData, saved.retryAfterSeconds);
    return redirect(
      adjust
        ? `${here}#${adjust[1]}-field`
        : month
          ? `${withSearch(here, MONTH_PARAM, month)}#move-date`
          : intent === SHOW_TIMES_INTENT
            ? `${here}#start-time`
            : intent === UPDATE_ESTIMATE_INTENT
              ? `${here}#price-summary`
              : wizardPath(previousStep(step) ?? step, returnTo),
    );
  }

  const todayDate = today();
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
  if ("retryAfterSeconds" in saved) return tooManyAttempts(step, formData, saved.retryAfterSeconds);
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
  let booking;
  try {
    booking = await savePendingBooking(services.serviceRole, { request: bookingRequestOf(complete.data), userId, draftId });
  } catch (error) {
    // Another customer took the last crew first, or the day closed: the details step says so.
    if (isSlotTakenError(error)) return redirect(TAKEN_AT_PAY);
    throw error;
  }
  // Paid or cancelled since the page was shown: nothing more to pay here, the wizard starts afresh.
  if (isBookingFinished(booking)) {
    await discardDraft(context, draftId);
    return redirect(wizardPath("contact"));
  }
  await attachDraftPhotos(services.serviceRole, booking.id, draft.photos ?? []);
  const attempt = String(formData.get("attempt") ?? "").slice(0, 64) || crypto.randomUUID();
  const checkout = await startCheckout(services.stripe, services.serviceRole, booking, {
    publicUrl: services.publicUrl,
    idempotencyKey: `deposit-${booking.id}-${attempt}`,
  });
  if ("error" in checkout && checkout.slotTaken) return redirect(TAKEN_AT_PAY);
  if ("error" in checkout) {
    context.get(requestContext).logger.warn({ err: checkout.cause, bookingId: booking.id }, "checkout could not start");
    return stepAnswer(step, submission.reply({ formErrors: [checkout.error] }), 502);
  }
  // A full page load: Checkout is another site (the embedded one merely shares this origin).
  return redirectDocument(checkout.url, 303);
}

/**
 * The details posted cannot be booked: the date is closed or full, or the time chosen is full (it was
 * shown for another date, or before others booked it). Null when a crew can take the move; otherwise
 * what to say, by field, and the posted date's month and slots to show with it.
 */
async function refusedForCapacity(
  context: Route.ActionArgs["context"],
  { today, draft, draftId }: { today: string; draft: BookingDraft; draftId: string | null },
): Promise<{ problems: CapacityProblems; availability: WizardAvailability } | null> {
  if (!draft.date) return null;
  const client = context.get(sessionContext).supabase;
  const hours = estimatedHours(draft.propertySize);
  const day = await slotsOfDay(client, { date: draft.date, hours, exceptDraft: draftId ?? undefined });
  const problems = capacityProblems(day, draft.time, { timeJustTaken: false });
  if (!problems.date && !problems.time) return null;
  return { problems, availability: await detailsAvailability(context, { today, month: null, draft, draftId }) };
}

/** `path` with one more query parameter. */
function withSearch(path: string, name: string, value: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ [name]: value })}`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [...pageMeta("Book your move", matches)];
  const number = WIZARD_STEPS.indexOf(loaderData.step) + 1;
  return [...pageMeta(`${STEP_TITLES[loaderData.step]} · Step ${number} of ${WIZARD_STEPS.length} · Book your move`, matches)];
};

export default function BookingWizard({ loaderData, actionData }: Route.ComponentProps) {
  const answered = actionData && actionData.step === loaderData.step ? actionData : undefined;
  // A new step starts from what the server saved; what the customer changes on it lives in its page.
  return <WizardPage key={loaderData.step} {...loaderData} lastResult={answered?.result} postedAvailability={answered?.availability ?? undefined} />;
}

function WizardPage({
  step,
  draft,
  today: todayDate,
  signedIn,
  returnTo,
  attempt,
  photos,
  cancellation,
  availability,
  capacity,
  lastResult,
  postedAvailability,
}: Route.ComponentProps["loaderData"] & { lastResult?: SubmissionResult<string[]>; postedAvailability?: WizardAvailability }) {
  // The draft as the step's form holds it now: the summary and the estimates follow it before it is sent.
  const [live, setLive] = useState<BookingDraft>(draft);
  const stepProps = { draft, live, onLiveChange: setLive, lastResult };
  return (
    <div className="flex flex-col gap-6">
      {draft.entry === "dashboard" || draft.entry === "again" ? (
        <Link to={href("/dashboard")} className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to Dashboard
        </Link>
      ) : null}
      <h1 className="text-2xl font-bold">{draft.entry === "again" ? "Book Again" : "Book your move"}</h1>
      <WizardStepper current={step} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
        <section aria-labelledby="step-heading" className="min-w-0 sm:rounded-2xl sm:border sm:border-slate-200 sm:p-6">
          <h2 id="step-heading" className="mb-4 text-xl font-semibold">
            {STEP_TITLES[step]}
          </h2>
          {returnTo && step !== "review" ? <p className="mb-4 text-sm text-slate-600">Change what you need: Continue takes you back to the review.</p> : null}
          {step === "contact" ? <ContactStep {...stepProps} signedIn={signedIn} /> : null}
          {step === "details" && availability ? (
            <DetailsStep {...stepProps} today={todayDate} availability={postedAvailability ?? availability} capacity={capacity} />
          ) : null}
          {step === "team" ? <TeamStep {...stepProps} /> : null}
          {step === "service" ? <ServiceStep {...stepProps} /> : null}
          {step === "addons" ? <AddonsStep {...stepProps} signedIn={signedIn} photos={photos} /> : null}
          {step === "review" ? <ReviewStep {...stepProps} attempt={attempt} cancellation={cancellation} /> : null}
        </section>
        <MoveSummaryPanel draft={live} className="hidden lg:sticky lg:top-24 lg:block" />
      </div>
    </div>
  );
}
