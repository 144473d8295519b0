// What tests import from the Stripe emulator, besides its public entry point (../index.ts).

export { TEST_RETRY_DELAYS_MS, emulatorClient, startTestStripe, usingHostedStripe, type TestStripe } from "./backend.ts";
export { completeSession, deliveriesSettled, events, expireSession, redeliver, type CardDetails, type Submission } from "./checkout.ts";
export { startWebhookReceiver, type ReceivedEvent, type WebhookReceiver } from "./receiver.ts";
