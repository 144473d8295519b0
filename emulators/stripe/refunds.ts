// Refunds of a successful payment: whole or in part, never more than is left of its charge. Every
// change happens synchronously, so two refunds racing on one charge cannot both take the same money.

import type { StripeEmulatorConfig } from "./config.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import type { FormHash } from "./form.ts";
import { buildCharge, newId, type Charge, type Refund } from "./objects.ts";
import { onlyParams, parseMetadata } from "./params.ts";
import type { Store } from "./store.ts";
import type { EventRequest, Webhooks } from "./webhooks.ts";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

export interface Refunds {
  /** `POST /v1/refunds`: refunds `payment_intent` or `charge` by `amount` (default: all that is left). */
  create(form: FormHash, request: EventRequest): Refund;
  /** Like Stripe, a missing refund is a 404. */
  get(id: string): Refund;
}

export function createRefunds(config: StripeEmulatorConfig, store: Store, webhooks: Webhooks): Refunds {
  const { state } = store;

  function chargeToRefund(form: FormHash): Charge {
    const intentId = typeof form.payment_intent === "string" && form.payment_intent !== "" ? form.payment_intent : null;
    const chargeId = typeof form.charge === "string" && form.charge !== "" ? form.charge : null;
    if (intentId === null && chargeId === null) {
      throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", undefined, "parameter_missing");
    }
    if (intentId !== null) {
      const intent = state.paymentIntents.get(intentId);
      if (!intent) throw noSuch("payment_intent", intentId, "payment_intent");
      let charge = intent.latest_charge ? state.charges.get(intent.latest_charge) : undefined;
      // Payments kept by a state file older than charges: the charge is rebuilt from its payment intent.
      if (!charge && intent.status === "succeeded" && intent.latest_charge) {
        charge = buildCharge({ id: intent.latest_charge, intent, created: intent.created });
        state.charges.set(charge.id, charge);
      }
      if (intent.status !== "succeeded" || !charge) {
        throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, "payment_intent");
      }
      if (chargeId !== null && chargeId !== charge.id) {
        throw invalidRequest(`The charge ${chargeId} does not belong to the PaymentIntent ${intentId}.`, "charge");
      }
      return charge;
    }
    const charge = state.charges.get(chargeId!);
    if (!charge) throw noSuch("charge", chargeId!, "charge");
    return charge;
  }

  return {
    create(form, request) {
      onlyParams(form, ["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
      const charge = chargeToRefund(form);
      const left = charge.amount - charge.amount_refunded;

      let amount = left;
      if (form.amount !== undefined) {
        if (typeof form.amount !== "string" || !/^\d+$/.test(form.amount)) throw invalidRequest("Invalid integer: amount", "amount");
        amount = Number(form.amount);
        if (amount < 1) throw invalidRequest("Invalid positive integer", "amount");
      }
      let reason: Refund["reason"] = null;
      if (form.reason !== undefined && form.reason !== "") {
        if (typeof form.reason !== "string" || !(REASONS as readonly string[]).includes(form.reason)) {
          throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(", ")}`, "reason");
        }
        reason = form.reason as Refund["reason"];
      }
      const metadata = parseMetadata(form.metadata, "metadata");

      if (charge.refunded || left === 0) {
        throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
      }
      if (amount > left) {
        throw invalidRequest(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          "amount",
          "amount_too_large",
        );
      }

      const refund: Refund = {
        id: newId.refund(),
        object: "refund",
        amount,
        balance_transaction: null,
        charge: charge.id,
        created: Math.floor(config.now() / 1000),
        currency: charge.currency,
        destination_details: null,
        metadata,
        payment_intent: charge.payment_intent,
        reason,
        receipt_number: null,
        source_transfer_reversal: null,
        status: "succeeded",
        transfer_reversal: null,
      };
      state.refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      store.changed();
      webhooks.emit("refund.created", refund, request);
      webhooks.emit("charge.refunded", charge, request);
      return refund;
    },
    get(id) {
      const refund = state.refunds.get(id);
      if (!refund) throw noSuch("refund", id, "id");
      return refund;
    },
  };
}
