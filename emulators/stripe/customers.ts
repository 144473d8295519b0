// Customers and the cards (PaymentMethods) a payment saves to them. Checkout makes a customer when a
// session asks it to (`customer_creation: always`) and attaches the card it was paid with to the
// session's customer; a card detached from its customer cannot be charged again.

import { createHash } from "node:crypto";
import type { Card } from "./cards.ts";
import type { StripeEmulatorConfig } from "./config.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import type { FormHash } from "./form.ts";
import { buildCustomer, buildPaymentMethod, newId, type Customer, type PaymentMethod, type SetupFutureUsage } from "./objects.ts";
import { isEmail, onlyParams, optionalString, parseMetadata } from "./params.ts";
import type { PaymentMethodRecord, Store } from "./store.ts";

export interface PaymentMethodList {
  object: "list";
  data: PaymentMethod[];
  has_more: false;
  url: string;
}

export interface Customers {
  /** `POST /v1/customers`. */
  create(form: FormHash): Customer;
  /** A new customer for a paid session that asked for one. */
  createFor(details: { email: string; name: string }): Customer;
  /** Like Stripe, a missing customer is a 404. */
  get(id: string): Customer;
  /** The card a payment was made with, as its own object; attached to `customer` and kept for `setUpFor` when given. */
  recordCard(card: Card, details: { email: string; name: string }, saving: { customer: string | null; setUpFor: SetupFutureUsage | null }): PaymentMethodRecord;
  paymentMethod(id: string): PaymentMethodRecord;
  listPaymentMethods(customerId: string): PaymentMethodList;
  detach(id: string): PaymentMethod;
}

export function createCustomers(config: StripeEmulatorConfig, store: Store): Customers {
  const { state } = store;
  const nowSeconds = () => Math.floor(config.now() / 1000);

  function get(id: string): Customer {
    const customer = state.customers.get(id);
    if (!customer) throw noSuch("customer", id, "id");
    return customer;
  }

  function add(customer: Customer): Customer {
    state.customers.set(customer.id, customer);
    store.changed();
    return customer;
  }

  return {
    create(form) {
      onlyParams(form, ["email", "name", "description", "metadata", "expand"]);
      const email = optionalString(form, "email") ?? null;
      if (email !== null && !isEmail(email)) throw invalidRequest(`Invalid email address: ${email}`, "email", "email_invalid");
      return add(
        buildCustomer({
          id: newId.customer(),
          email,
          name: optionalString(form, "name") ?? null,
          description: optionalString(form, "description") ?? null,
          metadata: parseMetadata(form.metadata, "metadata"),
          created: nowSeconds(),
        }),
      );
    },
    createFor(details) {
      return add(buildCustomer({ id: newId.customer(), email: details.email, name: details.name, created: nowSeconds() }));
    },
    get,
    recordCard(card, details, saving) {
      const method = buildPaymentMethod({
        id: newId.paymentMethod(),
        card: { brand: card.brand, country: "US", exp_month: card.expMonth, exp_year: card.expYear, funding: card.funding, last4: card.last4 },
        // The same card number always has the same fingerprint, as on Stripe.
        fingerprint: createHash("sha256").update(card.number).digest("base64url").slice(0, 16),
        email: details.email,
        name: details.name,
        created: nowSeconds(),
      });
      method.customer = saving.customer;
      const record: PaymentMethodRecord = { method, cardNumber: card.number, setUpFor: saving.customer ? saving.setUpFor : null };
      state.paymentMethods.set(method.id, record);
      store.changed();
      return record;
    },
    paymentMethod(id) {
      const record = state.paymentMethods.get(id);
      if (!record) throw noSuch("PaymentMethod", id, "payment_method");
      return record;
    },
    listPaymentMethods(customerId) {
      get(customerId);
      const data = [...state.paymentMethods.values()]
        .filter((record) => record.method.customer === customerId)
        .map((record) => record.method)
        .sort((a, b) => b.created - a.created);
      return { object: "list", data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
    },
    detach(id) {
      const record = this.paymentMethod(id);
      if (record.method.customer === null) {
        throw invalidRequest(
          `The payment method you provided is not attached to a customer so detachment is impossible.`,
          undefined,
          "payment_method_unexpected_state",
        );
      }
      record.method.customer = null;
      record.setUpFor = null;
      store.changed();
      return record.method;
    },
  };
}
