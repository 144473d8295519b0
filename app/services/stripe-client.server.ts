import { createRequire } from "node:module";
import type Stripe from "stripe";

/**
 * The process's one Stripe client, made on its first use: the SDK (some 200 modules, about 6 MiB of
 * V8 heap) is loaded when a payment, a refund or a webhook delivery first needs it, not at start.
 * The client is loaded synchronously (a webhook's signature is checked without awaiting), so it is
 * the SDK's CommonJS build; `fetch` routes its requests in-process (the embedded emulator).
 */
export function createStripeClient(options: { secretKey: string; fetch?: typeof fetch }): Stripe {
  let client: Stripe | undefined;
  const loaded = (): Stripe => {
    if (client) return client;
    const StripeSdk = createRequire(import.meta.url)("stripe") as typeof Stripe;
    client = new StripeSdk(options.secretKey, {
      httpClient: options.fetch ? StripeSdk.createFetchHttpClient(options.fetch) : undefined,
      maxNetworkRetries: 2,
      telemetry: false,
    });
    return client;
  };
  return new Proxy({} as Stripe, {
    get: (_target, property) => {
      const value: unknown = Reflect.get(loaded(), property);
      return typeof value === "function" ? value.bind(client) : value;
    },
    has: (_target, property) => property in loaded(),
  });
}

/** The kinds of Stripe's errors the app tells apart. */
type StripeErrorType = "StripeInvalidRequestError" | "StripeCardError";

/**
 * Whether `error` is one of Stripe's errors of this kind. Read from the error's `type`, which the SDK
 * sets to its class's name, so it holds whichever copy of the SDK made the client.
 */
export function isStripeError(error: unknown, type: StripeErrorType): error is Stripe.errors.StripeError {
  return error instanceof Error && (error as { type?: unknown }).type === type;
}

/** Whether Stripe answered that it knows no such object (a session or a card of another account or mode, or gone). */
export function isStripeNotFound(error: unknown): boolean {
  return isStripeError(error, "StripeInvalidRequestError") && error.statusCode === 404;
}
