// The card form's checks and Stripe's test cards: which numbers succeed, which decline and how.

/** The fields of the checkout form, by their names in the HTML. */
export const FIELDS = ["email", "cardNumber", "cardExpiry", "cardCvc", "billingName"] as const;
export type Field = (typeof FIELDS)[number];
export type FieldValues = Record<Field, string>;
export type FieldErrors = Partial<Record<Field, string>>;

export interface Card {
  number: string;
  brand: string;
  funding: "credit" | "debit";
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the card network answers for a card: success, or a decline with Stripe's code and the message
 *  Stripe shows the customer. */
export type ChargeOutcome = { ok: true } | { ok: false; code: string; declineCode?: string; message: string; param?: string };

const DECLINED = "Your card was declined.";

/** Stripe's test cards that decline, by number. */
const DECLINES: Record<string, Exclude<ChargeOutcome, { ok: true }>> = {
  "4000000000000002": { ok: false, code: "card_declined", declineCode: "generic_decline", message: DECLINED },
  "4000000000009995": { ok: false, code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000009987": { ok: false, code: "card_declined", declineCode: "lost_card", message: DECLINED },
  "4000000000009979": { ok: false, code: "card_declined", declineCode: "stolen_card", message: DECLINED },
  "4100000000000019": { ok: false, code: "card_declined", declineCode: "fraudulent", message: DECLINED },
  "4000000000000069": { ok: false, code: "expired_card", declineCode: "expired_card", message: "Your card has expired." },
  "4000000000000127": {
    ok: false,
    code: "incorrect_cvc",
    declineCode: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
    param: "cvc",
  },
  "4000000000000119": {
    ok: false,
    code: "processing_error",
    declineCode: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

/** Stripe's test cards that succeed (the common brands; 4242 4242 4242 4242 first). */
const SUCCEEDS = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
]);

/** A real card number in test mode: Stripe declines it with this message. */
const LIVE_CARD_IN_TEST_MODE: ChargeOutcome = {
  ok: false,
  code: "card_declined",
  declineCode: "test_mode_live_card",
  message:
    "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
};

/**
 * Stripe's test cards whose bank asks the customer to authenticate (3D Secure): `unless-set-up` on a
 * payment with the customer, but not on later charges without them once saved for those
 * (`setup_future_usage: off_session`); `always` on every payment, later charges included. Once
 * authenticated, they pay.
 */
export type Authentication = "unless-set-up" | "always";
const AUTHENTICATION: Record<string, Authentication> = {
  "4000002500003155": "unless-set-up",
  "4000002760003184": "always",
};

export function authenticationOf(card: Pick<Card, "number">): Authentication | null {
  return AUTHENTICATION[card.number] ?? null;
}

/** The decline when the customer fails (or is not there for) the bank's authentication. */
export const AUTHENTICATION_FAILED: Exclude<ChargeOutcome, { ok: true }> = {
  ok: false,
  code: "payment_intent_authentication_failure",
  message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

/** A later charge without the customer that the bank wants them to authenticate. */
export const AUTHENTICATION_REQUIRED: Exclude<ChargeOutcome, { ok: true }> = {
  ok: false,
  code: "authentication_required",
  declineCode: "authentication_required",
  message: "Your card was declined. This transaction requires authentication.",
};

export function chargeOutcome(card: Pick<Card, "number">): ChargeOutcome {
  if (SUCCEEDS.has(card.number) || card.number in AUTHENTICATION) return { ok: true };
  return DECLINES[card.number] ?? LIVE_CARD_IN_TEST_MODE;
}

/** Checks what was typed as Stripe's card form does; `now` decides which expiry dates are past. */
export function checkCardForm(values: FieldValues, now: Date): { card: Card } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  if (email === "") errors.email = "Your email is incomplete.";
  else if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) errors.email = "Your email address is invalid.";

  const number = values.cardNumber.replace(/[\s-]/g, "");
  const brand = brandOf(number);
  if (number === "") errors.cardNumber = "Your card number is incomplete.";
  else if (!/^\d+$/.test(number) || number.length > 19) errors.cardNumber = "Your card number is invalid.";
  else if (number.length < (brand === "amex" ? 15 : brand === "diners" ? 14 : 16)) errors.cardNumber = "Your card number is incomplete.";
  else if (!passesLuhn(number)) errors.cardNumber = "Your card number is invalid.";

  const expiry = parseExpiry(values.cardExpiry, now);
  if (typeof expiry === "string") errors.cardExpiry = expiry;

  const cvc = values.cardCvc.trim();
  if (!/^\d*$/.test(cvc)) errors.cardCvc = "Your card's security code is invalid.";
  else if (cvc.length < 3) errors.cardCvc = "Your card's security code is incomplete.";
  else if (cvc.length > 4) errors.cardCvc = "Your card's security code is invalid.";

  if (values.billingName.trim() === "") errors.billingName = "Enter the name on your card.";

  if (Object.keys(errors).length > 0 || typeof expiry === "string") return { errors };
  return {
    card: {
      number,
      brand,
      funding: number === "4000056655665556" ? "debit" : "credit",
      last4: number.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
    },
  };
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^3(0[0-5]|[689])/.test(number)) return "diners";
  if (/^35/.test(number)) return "jcb";
  if (/^62/.test(number)) return "unionpay";
  return "unknown";
}

/** "MM / YY", "MM/YY", "MMYY" or "MM / YYYY": the month and full year, or the message for the customer.
 *  A card is valid through the last day of its month. */
function parseExpiry(text: string, now: Date): { month: number; year: number } | string {
  const compact = text.replace(/\s/g, "");
  const match = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2})$/.exec(compact);
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const yearText = match[2] ?? "";
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year < currentYear || (year === currentYear && month < currentMonth)) return "Your card's expiration date is in the past.";
  if (year > currentYear + 50) return "Your card's expiration year is invalid.";
  return { month, year };
}
