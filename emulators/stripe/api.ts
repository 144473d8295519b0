// The REST API under /v1: authentication, idempotency keys, routing, and Stripe's JSON answers.

import type { Checkout } from "./checkout.ts";
import type { StripeEmulatorConfig } from "./config.ts";
import { StripeApiError, invalidRequest, noSuch } from "./errors.ts";
import { FormShapeError, canonicalForm, parseForm, readBodyLimited, type FormHash } from "./form.ts";
import { API_VERSION, newId, type CheckoutSession, type Customer, type LineItem, type PaymentIntent } from "./objects.ts";
import { SESSION_EXPANDABLE, onlyParams, parseCreateSession, parseExpand } from "./params.ts";
import type { Customers } from "./customers.ts";
import { PAYMENT_INTENT_EXPANDABLE, type PaymentIntents } from "./payment-intents.ts";
import type { Refunds } from "./refunds.ts";
import type { IdempotencyRecord, SessionRecord, Store } from "./store.ts";
import type { EventRequest, Webhooks } from "./webhooks.ts";

/** A request body larger than this is refused (Stripe's own limit is far above what Checkout needs). */
const MAX_API_BODY_BYTES = 256 * 1024;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

interface LineItemList {
  object: "list";
  data: LineItem[];
  has_more: boolean;
  url: string;
}

/** A session as answered: payment_intent and line_items filled in when expanded. */
type SessionView = Omit<CheckoutSession, "payment_intent" | "customer"> & {
  payment_intent: string | PaymentIntent | null;
  customer: string | Customer | null;
  line_items?: LineItemList;
};

interface Call {
  request: Request;
  form: FormHash;
  /** The request as events name it: its id and idempotency key. */
  eventRequest: EventRequest;
}

type Endpoint = (call: Call, id: string) => unknown;

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  endpoint: Endpoint;
}

export function createApi(
  config: StripeEmulatorConfig,
  store: Store,
  { checkout, refunds, customers, paymentIntents }: { checkout: Checkout; refunds: Refunds; customers: Customers; paymentIntents: PaymentIntents },
  webhooks: Webhooks,
): (request: Request) => Promise<Response> {
  /** Idempotency keys whose first request is still being answered. */
  const inProgress = new Set<string>();

  function sessionView(record: SessionRecord, expand: string[]): SessionView {
    const view: SessionView = structuredClone(record.session);
    const intent = record.session.payment_intent ? checkout.paymentIntent(record.session.payment_intent) : undefined;
    if (expand.includes("payment_intent.payment_method") && intent) {
      view.payment_intent = paymentIntents.view(intent, ["payment_method"]) as PaymentIntent;
    } else if (expand.includes("payment_intent") && intent) {
      view.payment_intent = intent;
    }
    if (expand.includes("customer") && record.session.customer) view.customer = customers.get(record.session.customer);
    if (expand.includes("line_items")) view.line_items = lineItemList(record, record.lineItems.length);
    return view;
  }

  function lineItemList(record: SessionRecord, limit: number): LineItemList {
    return {
      object: "list",
      data: record.lineItems.slice(0, limit),
      has_more: record.lineItems.length > limit,
      url: `/v1/checkout/sessions/${record.session.id}/line_items`,
    };
  }

  const routes: Route[] = [
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      endpoint: ({ form }) => {
        const { input, expand } = parseCreateSession(form, Math.floor(config.now() / 1000));
        if (input.customer && !store.state.customers.has(input.customer)) {
          throw new StripeApiError(400, "invalid_request_error", `No such customer: '${input.customer}'`, { code: "resource_missing", param: "customer" });
        }
        return sessionView(checkout.create(input), expand);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand"]);
        const expand = parseExpand(form, SESSION_EXPANDABLE);
        return sessionView(checkout.get(id), expand);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      endpoint: ({ form, eventRequest }, id) => {
        onlyParams(form, ["expand"]);
        const expand = parseExpand(form, SESSION_EXPANDABLE);
        return sessionView(checkout.expire(id, eventRequest), expand);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["limit", "expand", "starting_after", "ending_before"]);
        const limitText = typeof form.limit === "string" && form.limit !== "" ? form.limit : "10";
        const limit = Number(limitText);
        if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) {
          throw invalidRequest("This value must be greater than or equal to 1 and less than or equal to 100.", "limit");
        }
        return lineItemList(checkout.get(id), limit);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand", "client_secret"]);
        const expand = parseExpand(form, PAYMENT_INTENT_EXPANDABLE);
        const intent = checkout.paymentIntent(id);
        if (!intent) throw noSuch("payment_intent", id, "intent");
        return paymentIntents.view(intent, expand);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      endpoint: ({ form, eventRequest }) => {
        const expand = parseExpand(form, PAYMENT_INTENT_EXPANDABLE);
        return paymentIntents.view(paymentIntents.create(form, eventRequest), expand);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      endpoint: ({ form }) => {
        parseExpand(form, []);
        return customers.create(form);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand"]);
        parseExpand(form, []);
        return customers.get(id);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["type", "limit", "expand"]);
        return customers.listPaymentMethods(id);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand"]);
        parseExpand(form, ["customer"]);
        const record = store.state.paymentMethods.get(id);
        if (!record) throw noSuch("PaymentMethod", id, "payment_method");
        return record.method;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand"]);
        return customers.detach(id);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      endpoint: ({ form, eventRequest }) => {
        parseExpand(form, ["charge", "payment_intent"]);
        return refunds.create(form, eventRequest);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand"]);
        parseExpand(form, ["charge", "payment_intent"]);
        return refunds.get(id);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/events\/([^/]+)$/,
      endpoint: ({ form }, id) => {
        onlyParams(form, ["expand"]);
        parseExpand(form, []);
        const record = webhooks.events().find((candidate) => candidate.event.id === id);
        if (!record) throw noSuch("event", id, "id");
        return record.event;
      },
    },
  ];

  return async function handleApi(request) {
    const requestId = newId.request();
    const url = new URL(request.url);
    const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    const headers = new Headers({
      "content-type": "application/json",
      "request-id": requestId,
      "stripe-version": request.headers.get("stripe-version") ?? API_VERSION,
      "cache-control": "no-cache, no-store",
    });
    if (idempotencyKey !== null) headers.set("idempotency-key", idempotencyKey);
    const answer = (status: number, body: unknown) => new Response(JSON.stringify(body, null, 2), { status, headers });
    const fail = (error: StripeApiError) => {
      if (error.status === 409) headers.set("stripe-should-retry", "true");
      return answer(error.status, error.body());
    };

    const refusal = checkSecretKey(request, config.secretKey);
    if (refusal) {
      headers.set("www-authenticate", 'Basic realm="Stripe"');
      return fail(refusal);
    }

    const route = routes.find((candidate) => candidate.method === request.method && candidate.pattern.test(url.pathname));
    const match = route?.pattern.exec(url.pathname);
    if (!route || !match) {
      return fail(
        new StripeApiError(
          404,
          "invalid_request_error",
          `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        ),
      );
    }
    const rawId = match[1] ?? "";
    let id = rawId;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      // A malformed escape is looked up as written, and is not found.
    }

    let form: FormHash;
    try {
      // POST parameters come in the body, GET parameters in the query string.
      const encoded = request.method === "POST" ? await readBodyLimited(request, MAX_API_BODY_BYTES) : url.search.slice(1);
      if (encoded === null) return fail(new StripeApiError(413, "invalid_request_error", "Request body too large."));
      form = parseForm(encoded);
    } catch (error) {
      if (error instanceof FormShapeError) return fail(invalidRequest(error.message, error.param));
      throw error;
    }

    const signature = canonicalForm(form);
    if (idempotencyKey !== null) {
      if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        return fail(invalidRequest(`Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`));
      }
      const previous = store.state.idempotency.get(idempotencyKey);
      if (previous && previous.createdAt > config.now() - 24 * 60 * 60 * 1000) {
        const conflict = idempotencyConflict(previous, request.method, url.pathname, signature, idempotencyKey);
        if (conflict) return fail(conflict);
        headers.set("idempotent-replayed", "true");
        headers.set("original-request", previous.requestId);
        return new Response(previous.body, { status: previous.status, headers });
      }
      if (inProgress.has(idempotencyKey)) {
        return fail(
          new StripeApiError(
            409,
            "idempotency_error",
            "There is currently another in-progress request using this Idempotent Key (probably because of a timeout). Please retry this request later.",
          ),
        );
      }
      inProgress.add(idempotencyKey);
    }

    try {
      let status = 200;
      let body: unknown;
      try {
        body = route.endpoint({ request, form, eventRequest: { id: requestId, idempotency_key: idempotencyKey } }, id);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        body = error.body();
        if (status === 409) headers.set("stripe-should-retry", "true");
      }
      const text = JSON.stringify(body, null, 2);
      // Results are kept for a key once the endpoint ran; a request refused for its parameters is not,
      // so it can be corrected and retried with the same key, as on Stripe.
      // Stripe keeps the result once the endpoint ran, a card's refusal (402) included.
      if (idempotencyKey !== null && (status < 400 || status === 402)) {
        const record: IdempotencyRecord = {
          method: request.method,
          path: url.pathname,
          params: signature,
          status,
          body: text,
          requestId,
          createdAt: config.now(),
        };
        store.state.idempotency.set(idempotencyKey, record);
        store.changed();
      }
      await store.save();
      return new Response(text, { status, headers });
    } finally {
      if (idempotencyKey !== null) inProgress.delete(idempotencyKey);
    }
  };
}

function idempotencyConflict(previous: IdempotencyRecord, method: string, path: string, params: string, key: string): StripeApiError | null {
  if (previous.method !== method || previous.path !== path) {
    return new StripeApiError(
      400,
      "idempotency_error",
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.method} ${previous.path}' vs '${method} ${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  if (previous.params !== params) {
    return new StripeApiError(
      400,
      "idempotency_error",
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  return null;
}

/** Stripe takes the secret key as a bearer token, or as the user name of HTTP Basic auth (`curl -u sk_…:`). */
function checkSecretKey(request: Request, secretKey: string): StripeApiError | null {
  const header = request.headers.get("authorization") ?? "";
  let key = "";
  const bearer = /^Bearer\s+(\S*)\s*$/i.exec(header);
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (bearer) key = bearer[1] ?? "";
  else if (basic)
    key =
      Buffer.from(basic[1] ?? "", "base64")
        .toString("utf8")
        .split(":")[0] ?? "";
  if (key === "") {
    return new StripeApiError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  if (key !== secretKey) {
    return new StripeApiError(401, "invalid_request_error", `Invalid API Key provided: ${maskKey(key)}`);
  }
  return null;
}

/** "sk_test_abcdef…wxyz" -> "sk_test_*********…wxyz": the key's kind and last four characters only. */
function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return `${prefix}${"*".repeat(rest.length)}`;
  return `${prefix}${"*".repeat(rest.length - 4)}${rest.slice(-4)}`;
}
