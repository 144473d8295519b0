import { startTestStripe, type TestStripe } from "../../../emulators/stripe/testing/index.ts";
import type { TestBackend } from "../../../emulators/supabase/testing/index.ts";
import { startTestApp, type TestApp } from "./app-client.ts";
import { TEST_PUBLIC_URL } from "./app-harness.ts";

/**
 * The app on `backend` with a Stripe for tests (the embedded one, or a hosted test account), whose
 * webhook deliveries reach the app's webhook route through the same app as the pages, as Stripe's
 * reach a deployed server.
 */
export async function startAppWithStripe(backend: TestBackend): Promise<{ app: TestApp; stripe: TestStripe }> {
  // Filled in once the app starts: Stripe is made first, since the app is given its keys.
  const started: { app?: TestApp } = {};
  const stripe = await startTestStripe({
    webhookUrl: `${TEST_PUBLIC_URL}/api/stripe/webhook`,
    deliver: (input, init) => {
      if (!started.app) throw new Error("a Stripe event was delivered before the app started");
      return started.app.handle(new Request(input, init));
    },
  });
  const app = await startTestApp(backend, {
    // A hosted account signs with the endpoint's own secret, which these tests never receive: only the embedded one delivers.
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.emulator?.webhookSecret ?? "whsec_test_hosted", fetch: stripe.emulator?.fetch },
  });
  started.app = app;
  return { app, stripe };
}
