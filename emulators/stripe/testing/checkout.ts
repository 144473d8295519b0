import type { StripeEmulator } from "../index.ts";
import type { CheckoutSession, EventRecord } from "../index.ts";

export interface CardDetails {
  /** Default 4242 4242 4242 4242. */
  card?: string;
  /** Default: the session's customer_email, else "customer@example.com". */
  email?: string;
  /** Default "Test Customer". */
  name?: string;
  /** "MM / YY"; default December, five years ahead. */
  expiry?: string;
  /** Default "123". */
  cvc?: string;
  /** The answer to the bank's challenge, for a card that asks for one (4000 0025 0000 3155); without it the challenge page is returned. */
  authenticate?: "complete" | "fail";
}

export interface Submission {
  /** 303 when paid (or already paid), 402 when declined, 400 when a field is wrong. */
  status: number;
  /** Where the browser is sent (the success URL with the id) when paid; otherwise null. */
  location: string | null;
  /** The page shown when not redirected. */
  html: string;
}

/** Pays a session as a customer would on the checkout page, without a browser: the form POST. */
export async function completeSession(emulator: StripeEmulator, sessionId: string, details: CardDetails = {}): Promise<Submission> {
  const url = `${emulator.config.publicUrl}${emulator.pagePaths[0]}/checkout/${encodeURIComponent(sessionId)}`;
  const year = (new Date(emulator.config.now()).getUTCFullYear() + 5) % 100;
  const form = new URLSearchParams({
    email: details.email ?? "customer@example.com",
    cardNumber: details.card ?? "4242 4242 4242 4242",
    cardExpiry: details.expiry ?? `12 / ${String(year).padStart(2, "0")}`,
    cardCvc: details.cvc ?? "123",
    billingName: details.name ?? "Test Customer",
  });
  const post = async (address: string, body: URLSearchParams): Promise<Submission> => {
    const response = await emulator.handle(new Request(address, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }));
    return { status: response.status, location: response.headers.get("location"), html: await response.text() };
  };
  const submitted = await post(url, form);
  if (!details.authenticate || !submitted.html.includes("3D Secure 2 Test Page")) return submitted;
  return post(`${url}/authenticate`, new URLSearchParams({ outcome: details.authenticate }));
}

/** Expires an open session through the API (`POST /v1/checkout/sessions/:id/expire`), which fires
 *  checkout.session.expired; returns the session, or throws Stripe's error message. */
export async function expireSession(emulator: StripeEmulator, sessionId: string): Promise<CheckoutSession> {
  const response = await emulator.fetch(`https://api.stripe.com/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.secretKey}` },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error?.message ?? `expire answered ${response.status}`);
  return body as CheckoutSession;
}

/** The events recorded so far, oldest first, each with its delivery's attempts; optionally of one type. */
export function events(emulator: StripeEmulator, type?: string): readonly EventRecord[] {
  const all = emulator.webhooks.events();
  return type === undefined ? all : all.filter((record) => record.event.type === type);
}

/** Sends an event to the webhook endpoint again (a new round of attempts); resolves when the round ends. */
export function redeliver(emulator: StripeEmulator, eventId: string): Promise<EventRecord> {
  return emulator.webhooks.redeliver(eventId);
}

/** Resolves once no delivery is under way or waiting for a retry. */
export function deliveriesSettled(emulator: StripeEmulator): Promise<void> {
  return emulator.webhooks.idle();
}
