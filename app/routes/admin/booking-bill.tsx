import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BillLines } from "~/components/booking/bill-lines";
import { BILL_INTENTS, FinalBillForm } from "~/components/admin/final-bill-form";
import { BillBalance } from "~/components/admin/bill-balance";
import { requestContext, servicesContext, sessionContext, settingsContext } from "~/context";
import { shortBookingId } from "~/domain/booking";
import { BILL_MESSAGES, billSummaryOf } from "~/domain/final-bill";
import { FINAL_BILL_PAGE_MESSAGES, billFormSchema } from "~/domain/final-bill-form";
import { formatCents } from "~/domain/money";
import { isServiceType, isTeamType } from "~/domain/pricing";
import { CHARGE_SAVED_CARD_INTENT, SAVED_CARD_MESSAGES, officeBalanceView } from "~/domain/saved-card";
import { ensurePermission } from "~/middleware/guards.server";
import { closeOpenCheckout, readBillWithPayments } from "~/services/balance-payments.server";
import { billMove, loadMoveToBill, loadMoveToBillPage, type MoveToBill } from "~/services/final-bills.server";
import { readFormBody } from "~/services/form-body.server";
import { chargeSavedCard, readSavedCard, type SavedCardCharge } from "~/services/saved-cards.server";
import { currentAccount } from "~/services/session.server";
import type { ToastInput } from "~/domain/toast";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/booking-bill";
import { adminBookingPath, bookingIdParam, bookingNotFound } from "../booking-params";
import { FORM_NOT_TAKEN } from "../form-intent";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(loaderData ? `Final bill of booking ${loaderData.shortId} · Admin` : "Final bill · Admin", matches);

const billPath = (bookingId: string) => href("/admin/bookings/:bookingId/bill", { bookingId });

/** The crew and service the bill is priced for, or null when the booking holds neither a known team nor service. */
function pricedFor(move: MoveToBill) {
  return isTeamType(move.team_type) && isServiceType(move.service_type) ? { teamType: move.team_type, serviceType: move.service_type } : null;
}

/** Why a move cannot be billed now, or null when it can. */
function refusal(move: MoveToBill): string | null {
  if (move.status === "cancelled") return FINAL_BILL_PAGE_MESSAGES.cancelled;
  if (move.deposit_status !== "paid") return FINAL_BILL_PAGE_MESSAGES.unpaid;
  if (!pricedFor(move)) return FINAL_BILL_PAGE_MESSAGES.unknownPrices;
  return null;
}

/** The move, its bill when it has one, and what the form starts from: for staff who may bill. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:bill");
  const { supabase } = context.get(sessionContext);
  // One read for the move and, while it is not billed, the crews and the schedule's crew for it.
  const [found, { billMarginPercent, timeZone }] = await Promise.all([loadMoveToBillPage(supabase, bookingIdParam(params)), context.get(settingsContext)()]);
  if (found.kind === "not-found") throw bookingNotFound();
  if (found.kind === "forbidden") throw data({ account: await currentAccount(context) }, { status: 403 });
  const { move, crews, scheduledCrew } = found;
  const priced = pricedFor(move);
  // A kept bill and its balance: its payments, and the card the customer saved with the deposit.
  const [paying, savedCard] = found.billed ? await Promise.all([readBillWithPayments(supabase, move.id), readSavedCard(supabase, move.id)]) : [null, null];
  const bill = paying?.bill ?? null;
  return {
    id: move.id,
    shortId: shortBookingId(move.id),
    fullName: move.full_name,
    refusal: bill ? null : refusal(move),
    crews,
    stored: bill
      ? {
          crew: bill.crew_name,
          summary: billSummaryOf(bill),
          needsApproval: bill.needs_approval,
          approved: bill.approved_at !== null,
          estimate: formatCents(bill.accepted_estimate_cents),
          balance: officeBalanceView(bill, paying?.payments ?? [], savedCard, timeZone),
        }
      : null,
    move: priced
      ? {
          ...priced,
          depositPaidCents: move.deposit_amount_cents,
          acceptedEstimateCents: move.estimated_cost_cents ?? 0,
          marginPercent: billMarginPercent,
        }
      : null,
    defaults: {
      startedAt: move.moving_time?.slice(0, 5) ?? "",
      endedAt: "",
      totalHours: "",
      totalMinutes: "",
      discount: "",
      discountReason: "",
      packingService: move.packing_service,
      storageService: move.storage_service,
      cleaningService: move.cleaning_service,
      extraMovers: String(move.extra_movers),
      tvMounting: String(move.tv_mounting),
      deepCleaningBedrooms: String(move.deep_cleaning_bedrooms),
      crew: scheduledCrew !== null && crews.some((crew) => crew.number === scheduledCrew) ? String(scheduledCrew) : "",
    },
  };
}

/**
 * `intent=preview-bill`: the bill the form comes to, shown without keeping it (the page without
 * JavaScript). `intent=complete-move`: the bill kept and the move completed (`bill_move`); back to
 * this page, which shows the bill kept. A form that cannot be billed is answered 400 beside its
 * fields; a cancelled, unpaid or billed move 409, nothing kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "bookings:bill");
  const bookingId = bookingIdParam(params);
  const form = await readFormBody(request);
  const intent = form.get("intent");
  if (intent === CHARGE_SAVED_CARD_INTENT) return chargeTheSavedCard(context, bookingId);
  if (intent !== BILL_INTENTS.preview && intent !== BILL_INTENTS.complete) throw data(FORM_NOT_TAKEN, { status: 400 });
  const { supabase } = context.get(sessionContext);
  const found = await loadMoveToBill(supabase, bookingId);
  if (found.kind === "not-found") throw bookingNotFound();
  const priced = pricedFor(found.move);
  if (!priced) throw data(FINAL_BILL_PAGE_MESSAGES.unknownPrices, { status: 409 });

  const submission = parseWithZod(form, { schema: billFormSchema(priced) });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  if (intent === BILL_INTENTS.preview) return { result: submission.reply(), preview: submission.value.bill };

  const refused = (message: string) => data({ result: submission.reply({ formErrors: [message] }), preview: submission.value.bill }, { status: 409 });
  const result = await billMove(supabase, bookingId, submission.value.outcome, submission.value.crewNumber);
  switch (result.kind) {
    case "billed":
      await setToast(context, {
        type: "success",
        title: FINAL_BILL_PAGE_MESSAGES.completed,
        description: FINAL_BILL_PAGE_MESSAGES.completedDescription(formatCents(result.bill.total_cents)),
      });
      return redirect(billPath(bookingId));
    case "invalid":
      return data({ result: submission.reply({ formErrors: [BILL_MESSAGES[result.problem]] }), preview: null }, { status: 400 });
    case "cancelled":
      return refused(FINAL_BILL_PAGE_MESSAGES.cancelled);
    case "unpaid":
      return refused(FINAL_BILL_PAGE_MESSAGES.unpaid);
    case "already-billed":
      return refused(FINAL_BILL_PAGE_MESSAGES.alreadyBilled);
    case "no-such-crew":
      return data({ result: submission.reply({ fieldErrors: { crew: [FINAL_BILL_PAGE_MESSAGES.noSuchCrew] } }), preview: null }, { status: 400 });
    case "not-found":
      throw bookingNotFound();
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
  }
}

/** What the office is told of a charge to the saved card. */
function chargeToast(result: SavedCardCharge): ToastInput {
  switch (result.kind) {
    case "paid":
      return { type: "success", title: SAVED_CARD_MESSAGES.paid(formatCents(result.amountCents)) };
    case "customer-pays":
      return { type: "info", title: SAVED_CARD_MESSAGES.customerPays(formatCents(result.amountCents), result.needsAuthentication) };
    case "processing":
      return { type: "info", title: SAVED_CARD_MESSAGES.processing };
    case "paid-already":
      return { type: "error", title: SAVED_CARD_MESSAGES.paidAlready };
    case "needs-approval":
      return { type: "error", title: SAVED_CARD_MESSAGES.needsApproval };
    case "busy":
      return { type: "error", title: SAVED_CARD_MESSAGES.busy };
    case "stripe-unavailable":
      return { type: "error", title: SAVED_CARD_MESSAGES.failed };
    case "no-card":
    case "not-found":
    case "forbidden":
      return { type: "error", title: SAVED_CARD_MESSAGES.noCard };
  }
}

/**
 * `intent=charge-saved-card`: what may be charged now of the bill, charged to the card the customer
 * saved with the deposit. The customer's open payment page is closed first, so the bill is not paid
 * twice. Whatever Stripe answers, back to this page with a message: a charge the bank refused, or
 * wants the customer to confirm, has emailed the customer their link to pay.
 */
async function chargeTheSavedCard(context: Route.ActionArgs["context"], bookingId: string) {
  const services = context.get(servicesContext);
  const { supabase } = context.get(sessionContext);
  const closing = await closeOpenCheckout(services.stripe, services.serviceRole, bookingId);
  const result: SavedCardCharge =
    closing.kind === "closed"
      ? await chargeSavedCard(services.stripe, { staff: supabase, serviceRole: services.serviceRole }, bookingId, { replacing: closing.replacing ?? undefined })
      : closing;
  if (result.kind === "not-found") throw bookingNotFound();
  if (result.kind === "forbidden") throw data({ account: await currentAccount(context) }, { status: 403 });
  if (result.kind === "stripe-unavailable") context.get(requestContext).logger.error({ err: result.cause, bookingId }, "a saved card could not be charged");
  await setToast(context, chargeToast(result));
  return redirect(billPath(bookingId));
}

export default function AdminBookingBill({ loaderData, actionData }: Route.ComponentProps) {
  const { id, shortId, fullName, refusal: refused, stored, move, defaults, crews } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title={`Final bill of booking ${shortId}`} description={`${fullName}'s move, priced from what happened.`} />
      {stored ? (
        <section className="flex flex-col gap-3">
          <BillLines bill={stored.summary} caption="The bill as kept" />
          <p className="text-slate-700">Crew: {stored.crew ?? "not recorded"}</p>
          {stored.needsApproval ? (
            <p className="max-w-xl text-amber-800">
              {stored.approved
                ? "The customer approved this bill."
                : `Above the accepted estimate of ${stored.estimate} by more than the margin: waiting for the customer's approval.`}
            </p>
          ) : null}
          <BillBalance balance={stored.balance} />
        </section>
      ) : refused || !move ? (
        <p className="text-slate-700">{refused}</p>
      ) : (
        <FinalBillForm
          move={move}
          defaults={defaults}
          crews={crews}
          lastResult={actionData?.result}
          serverPreview={actionData?.preview ?? null}
          backTo={adminBookingPath(id)}
        />
      )}
    </div>
  );
}
