import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStripe, usingHostedStripe, type TestStripe } from "./testing/index.ts";

// Contract tests with the real stripe-node client. They assert what Stripe answers, so they also pass
// against a Stripe test account (STRIPE_TEST_SECRET_KEY); the few that need the emulator skip there.

let backend: TestStripe;
let stripe: Stripe;

beforeAll(async () => {
  backend = await startTestStripe();
  stripe = backend.stripe;
});

afterAll(async () => {
  await backend.close();
});

const now = () => Math.floor(Date.now() / 1000);

function depositParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Moving deposit" } },
      },
    ],
    success_url: "http://localhost:3000/booking/paid?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3000/booking/cancelled",
    metadata: { booking_id: "b-123" },
    payment_intent_data: { metadata: { booking_id: "b-123" } },
    customer_email: "ada@example.com",
    client_reference_id: "b-123",
    ...overrides,
  };
}

/** A response header: lastResponse.headers is a Headers object with the fetch client, a plain object with Node's. */
function header(response: { headers: unknown }, name: string): string | undefined {
  const { headers } = response;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  return (headers as Record<string, string | undefined>)[name];
}

async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("the request succeeded");
}

describe("creating a Checkout Session", () => {
  it("answers the session with its amounts, URLs and metadata, open and unpaid", async () => {
    const before = now();
    const session = await stripe.checkout.sessions.create(depositParams());
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      mode: "payment",
      livemode: false,
      amount_subtotal: 5000,
      amount_total: 5000,
      currency: "usd",
      metadata: { booking_id: "b-123" },
      client_reference_id: "b-123",
      customer_email: "ada@example.com",
      customer_details: null,
      payment_intent: null,
      success_url: "http://localhost:3000/booking/paid?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/booking/cancelled",
    });
    expect(session.url).toMatch(/^https?:\/\//);
    expect(session.created).toBeGreaterThanOrEqual(before - 5);
    // 24 hours by default.
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
  });

  it.skipIf(usingHostedStripe)("points url at the emulator's checkout page on the public URL", async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    expect(session.url).toBe(`http://localhost:3000/_stripe/checkout/${session.id}`);
  });

  it("keeps an expires_at between 30 minutes and 24 hours ahead", async () => {
    const expiresAt = now() + 45 * 60;
    const session = await stripe.checkout.sessions.create(depositParams({ expires_at: expiresAt }));
    expect(session.expires_at).toBe(expiresAt);
  });

  it.each([
    ["less than 30 minutes", 10 * 60, /at least 30 minutes/],
    ["more than 24 hours", 25 * 60 * 60, /less than 24 hours/],
  ])("refuses an expires_at %s ahead", async (_label, ahead, message) => {
    const error = await refusal(stripe.checkout.sessions.create(depositParams({ expires_at: now() + ahead })));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe("StripeInvalidRequestError");
    expect(error.rawType).toBe("invalid_request_error");
    expect(error.param).toBe("expires_at");
    expect(error.message).toMatch(message);
  });

  it.each([
    ["success_url", { success_url: undefined }],
    ["line_items", { line_items: undefined }],
    ["mode", { mode: undefined }],
    ["line_items[0][quantity]", { line_items: [{ price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "x" } } }] }],
    ["line_items[0][price_data][currency]", { line_items: [{ quantity: 1, price_data: { unit_amount: 5000, product_data: { name: "x" } } }] }],
  ] as Array<[string, Partial<Stripe.Checkout.SessionCreateParams>]>)("refuses a request without %s", async (param, overrides) => {
    const error = await refusal(stripe.checkout.sessions.create(depositParams(overrides)));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe("parameter_missing");
    expect(error.param).toBe(param);
    expect(error.message).toBe(`Missing required param: ${param}.`);
  });

  it("refuses an unknown parameter and a non-integer amount", async () => {
    const unknown = await refusal(stripe.checkout.sessions.create({ ...depositParams(), colour: "blue" } as Stripe.Checkout.SessionCreateParams));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.code).toBe("parameter_unknown");
    expect(unknown.param).toBe("colour");

    const amount = await refusal(
      stripe.checkout.sessions.create(
        depositParams({
          line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: "fifty" as unknown as number, product_data: { name: "x" } } }],
        }),
      ),
    );
    expect(amount.statusCode).toBe(400);
    expect(amount.param).toBe("line_items[0][price_data][unit_amount]");
    expect(amount.message).toBe("Invalid integer: fifty");
  });

  it("refuses a malformed customer_email", async () => {
    const error = await refusal(stripe.checkout.sessions.create(depositParams({ customer_email: "not-an-email" })));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe("email_invalid");
    expect(error.param).toBe("customer_email");
  });

  it.skipIf(usingHostedStripe)("answers 401 for a wrong secret key", async () => {
    const wrong = new Stripe("sk_test_not_the_emulators_key_1234", {
      httpClient: Stripe.createFetchHttpClient(backend.emulator!.fetch),
      maxNetworkRetries: 0,
      telemetry: false,
    });
    const error = await refusal(wrong.checkout.sessions.create(depositParams()));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });
});

describe.skipIf(usingHostedStripe)("the API over plain HTTP", () => {
  const api = (path: string, init: RequestInit = {}) => backend.emulator!.fetch(`https://api.stripe.com${path}`, init);

  it("asks for a key when none is sent, and takes it as HTTP Basic user name as well", async () => {
    const none = await api("/v1/checkout/sessions/cs_test_x");
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatchObject({ type: "invalid_request_error", message: expect.stringMatching(/^You did not provide an API key/) });
    const basic = await api("/v1/checkout/sessions/cs_test_x", {
      headers: { authorization: `Basic ${Buffer.from(`${backend.secretKey}:`).toString("base64")}` },
    });
    expect(basic.status).toBe(404);
  });

  it("answers an unknown URL as Stripe does", async () => {
    const response = await api("/v1/charges/ch_1", { headers: { authorization: `Bearer ${backend.secretKey}` } });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\/ch_1\)/);
  });

  it("works with the client configured as the app configures it (retries on)", async () => {
    const client = backend.createClient({ maxNetworkRetries: 2 });
    const session = await client.checkout.sessions.create(depositParams());
    expect((await client.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });
});

describe("retrieving a Checkout Session", () => {
  it("answers the session as created", async () => {
    const created = await stripe.checkout.sessions.create(depositParams());
    const retrieved = await stripe.checkout.sessions.retrieve(created.id);
    expect(retrieved).toEqual({ ...created });
  });

  it("expands payment_intent (null while open) and line_items", async () => {
    const created = await stripe.checkout.sessions.create(depositParams());
    const retrieved = await stripe.checkout.sessions.retrieve(created.id, { expand: ["payment_intent", "line_items"] });
    expect(retrieved.payment_intent).toBeNull();
    expect(retrieved.line_items?.data).toHaveLength(1);
    expect(retrieved.line_items?.data[0]).toMatchObject({ object: "item", quantity: 1, amount_total: 5000, currency: "usd", description: "Moving deposit" });
    const items = await stripe.checkout.sessions.listLineItems(created.id);
    expect(items.data.map((item) => item.amount_total)).toEqual([5000]);
  });

  it("answers 404 resource_missing for an unknown id", async () => {
    const id = "cs_test_a1doesnotexist";
    const error = await refusal(stripe.checkout.sessions.retrieve(id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe("resource_missing");
    expect(error.param).toBe("session");
    expect(error.message).toBe(`No such checkout.session: '${id}'`);
  });
});

describe("expiring a Checkout Session", () => {
  it("expires an open session, then refuses to expire it again", async () => {
    const created = await stripe.checkout.sessions.create(depositParams());
    const expired = await stripe.checkout.sessions.expire(created.id);
    expect(expired).toMatchObject({ id: created.id, status: "expired", payment_status: "unpaid", url: null });
    expect((await stripe.checkout.sessions.retrieve(created.id)).status).toBe("expired");

    const again = await refusal(stripe.checkout.sessions.expire(created.id));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again.statusCode).toBe(400);
    expect(again.message).toMatch(/^Only Checkout Sessions with a status in \['open'\] can be expired/);
  });
});

describe("idempotency keys", () => {
  it("answers the same session for the same key and parameters, and says it replayed", async () => {
    const key = `deposit-${crypto.randomUUID()}`;
    const first = await stripe.checkout.sessions.create(depositParams(), { idempotencyKey: key });
    const second = await stripe.checkout.sessions.create(depositParams(), { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(header(second.lastResponse, "idempotent-replayed")).toBe("true");
    expect(header(first.lastResponse, "idempotent-replayed")).toBeUndefined();
  });

  it("refuses the same key with different parameters", async () => {
    const key = `deposit-${crypto.randomUUID()}`;
    await stripe.checkout.sessions.create(depositParams(), { idempotencyKey: key });
    const error = await refusal(stripe.checkout.sessions.create(depositParams({ client_reference_id: "b-456" }), { idempotencyKey: key }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.rawType).toBe("idempotency_error");
    expect(error.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with/);
  });

  it("keeps no result for a request refused for its parameters, so it can be corrected", async () => {
    const key = `deposit-${crypto.randomUUID()}`;
    await refusal(stripe.checkout.sessions.create(depositParams({ success_url: undefined }), { idempotencyKey: key }));
    const session = await stripe.checkout.sessions.create(depositParams(), { idempotencyKey: key });
    expect(session.status).toBe("open");
  });
});
