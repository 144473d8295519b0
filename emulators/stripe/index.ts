import { createApi } from "./api.ts";
import { PAGE_PREFIX, createCheckout } from "./checkout.ts";
import { resolveConfig, type StripeEmulatorConfig, type StripeEmulatorOptions } from "./config.ts";
import { createPages } from "./page.ts";
import { createCustomers } from "./customers.ts";
import { createPaymentIntents } from "./payment-intents.ts";
import { createRefunds } from "./refunds.ts";
import { openStore } from "./store.ts";
import { createWebhooks, type Webhooks } from "./webhooks.ts";

export { DEFAULT_RETRY_DELAYS_MS, type StripeEmulatorConfig, type StripeEmulatorOptions } from "./config.ts";
export { API_VERSION, type Charge, type CheckoutSession, type PaymentIntent, type Refund, type StripeEvent } from "./objects.ts";
export type { DeliveryAttempt, EventRecord } from "./store.ts";
export type { Webhooks } from "./webhooks.ts";
/** Signs a payload as the emulator (and Stripe) sign deliveries: `t=…,v1=…`. */
export { signatureHeader } from "./webhooks.ts";

export interface StripeEmulator {
  /** A test-mode secret key (`sk_test_…`) the API accepts as `Authorization: Bearer`; any other key gets
   *  Stripe's 401. New on every start. */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`): what the app passes to webhooks.constructEvent. */
  webhookSecret: string;
  /** An in-process fetch for `Stripe.createFetchHttpClient`: answers /v1/* whatever host the SDK names. */
  fetch: typeof fetch;
  /** The path prefixes browsers open (the hosted checkout pages), to mount on the app's server. */
  pagePaths: string[];
  /** Serves the API (/v1/*) and the pages (under pagePaths). */
  handle(request: Request): Promise<Response>;
  /** Serves the pages only, for mounting where browsers reach them: anything else, the API included, is 404. */
  handlePage(request: Request): Promise<Response>;
  /** The events sent (or being sent) and each delivery's attempts; redelivery; waiting for deliveries. */
  webhooks: Pick<Webhooks, "events" | "redeliver" | "idle">;
  /** The settings in force, defaults filled in. */
  config: StripeEmulatorConfig;
  /** Stops the expiry timer and retries (an attempt in flight gets two seconds), then writes the file. */
  close(): Promise<void>;
}

export async function createStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const config = resolveConfig(options);
  const store = await openStore(config.stateDir, config.now);
  const webhooks = createWebhooks(config, store);
  const customers = createCustomers(config, store);
  const checkout = createCheckout(config, store, webhooks, customers);
  await store.save();
  webhooks.resume();
  const refunds = createRefunds(config, store, webhooks);
  const paymentIntents = createPaymentIntents(config, store, customers, webhooks);
  const api = createApi(config, store, { checkout, refunds, customers, paymentIntents }, webhooks);
  const pages = createPages(config, checkout, store);
  let closed = false;

  async function handle(request: Request, { pagesOnly = false } = {}): Promise<Response> {
    const { pathname } = new URL(request.url);
    try {
      if (!pagesOnly && (pathname === "/v1" || pathname.startsWith("/v1/"))) return await api(request);
      if (pathname === PAGE_PREFIX || pathname.startsWith(`${PAGE_PREFIX}/`)) return await pages(request);
      return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    } catch (error) {
      console.error(`Stripe emulator: ${request.method} ${pathname} failed`, error);
      if (pathname.startsWith("/v1")) {
        return Response.json(
          { error: { message: "An unknown error occurred", type: "api_error" } },
          { status: 500, headers: { "stripe-should-retry": "true" } },
        );
      }
      return new Response("Something went wrong.\n", { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
  }

  return {
    secretKey: config.secretKey,
    webhookSecret: config.webhookSecret,
    fetch: async (input, init) => handle(toRequest(input, init)),
    pagePaths: [PAGE_PREFIX],
    handle: (request) => handle(request),
    handlePage: (request) => handle(request, { pagesOnly: true }),
    webhooks: {
      events: () => webhooks.events(),
      redeliver: (eventId) => webhooks.redeliver(eventId),
      idle: () => webhooks.idle(),
    },
    config,
    async close() {
      if (closed) return;
      closed = true;
      checkout.close();
      await webhooks.close();
      await store.save();
    },
  };
}

/** Builds a Request the way fetch would; a streamed body needs duplex "half" in Node's Request. */
function toRequest(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): Request {
  if (init?.body instanceof ReadableStream) {
    return new Request(input, { ...init, duplex: "half" } as RequestInit);
  }
  return new Request(input, init);
}
