import Stripe from "stripe";
import { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from "../index.ts";

/** True when the tests run against a real Stripe test account (STRIPE_TEST_SECRET_KEY set). Synchronous,
 *  so tests that need the emulator's insides can write `it.skipIf(usingHostedStripe)(…)`. */
export const usingHostedStripe = Boolean(process.env.STRIPE_TEST_SECRET_KEY);

export interface TestStripe {
  mode: "emulator" | "hosted";
  /** A real stripe-node client: on the emulator through its in-process fetch, or on Stripe's servers. */
  stripe: Stripe;
  secretKey: string;
  /** The emulator; undefined against a real Stripe account. */
  emulator?: StripeEmulator;
  /** Another client on the same backend, e.g. one that retries. */
  createClient(options?: { maxNetworkRetries?: number }): Stripe;
  close(): Promise<void>;
}

/** Short back-off for tests: a failing endpoint is tried four times within a few dozen milliseconds. */
export const TEST_RETRY_DELAYS_MS = [5, 10, 20];

/** An in-memory emulator (publicUrl http://localhost:3000 unless given) and a client for it, or a client
 *  for the Stripe test account whose secret key is in STRIPE_TEST_SECRET_KEY. */
export async function startTestStripe(options: Partial<StripeEmulatorOptions> = {}): Promise<TestStripe> {
  const hostedKey = process.env.STRIPE_TEST_SECRET_KEY;
  if (hostedKey) {
    if (!hostedKey.startsWith("sk_test_") && !hostedKey.startsWith("rk_test_")) {
      throw new Error("STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_… or rk_test_…)");
    }
    const createClient = (clientOptions: { maxNetworkRetries?: number } = {}) =>
      new Stripe(hostedKey, { maxNetworkRetries: clientOptions.maxNetworkRetries ?? 0, telemetry: false });
    return { mode: "hosted", stripe: createClient(), secretKey: hostedKey, createClient, close: async () => {} };
  }
  const emulator = await createStripeEmulator({
    publicUrl: "http://localhost:3000",
    retryDelaysMs: TEST_RETRY_DELAYS_MS,
    ...options,
  });
  const createClient = (clientOptions: { maxNetworkRetries?: number } = {}) => emulatorClient(emulator, clientOptions);
  return {
    mode: "emulator",
    stripe: createClient(),
    secretKey: emulator.secretKey,
    emulator,
    createClient,
    close: () => emulator.close(),
  };
}

/** A stripe-node client that reaches the emulator in-process, as the app configures its own. */
export function emulatorClient(emulator: StripeEmulator, options: { maxNetworkRetries?: number } = {}): Stripe {
  return new Stripe(emulator.secretKey, {
    httpClient: Stripe.createFetchHttpClient(emulator.fetch),
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
    telemetry: false,
  });
}
