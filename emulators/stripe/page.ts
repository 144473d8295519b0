// The hosted checkout page: server-rendered HTML with a plain form, so it works without JavaScript.

import { createHash } from "node:crypto";
import { FIELDS, checkCardForm, type FieldErrors, type FieldValues } from "./cards.ts";
import { PAGE_PREFIX, type Checkout, type PayResult } from "./checkout.ts";
import type { StripeEmulatorConfig } from "./config.ts";
import { readBodyLimited } from "./form.ts";
import type { CheckoutSession, LineItem } from "./objects.ts";
import type { SessionRecord, Store } from "./store.ts";

/** A card form is a few hundred bytes; anything much larger is not one. */
export const MAX_FORM_BYTES = 8 * 1024;

const STYLESHEET = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#fff}
a{color:#0055de}
a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid #7aa7ff;outline-offset:2px}
.checkout{display:grid;gap:2rem;max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}
@media (min-width:52rem){.checkout{grid-template-columns:1fr 1fr;gap:4rem;padding-top:4rem}}
.back{display:inline-block;margin-bottom:1.5rem;text-decoration:none;font-weight:500;color:#3c4257}
.back:hover{text-decoration:underline}
.business{margin:0;font-weight:600;color:#3c4257;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.badge{font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;background:#ffde92;color:#5c3b00;border-radius:4px;padding:.1rem .4rem}
h1{margin:.5rem 0 1.5rem;font-size:1rem;font-weight:500;color:#697386}
h1 .total{display:block;font-size:2.25rem;font-weight:700;color:#1a1f36;letter-spacing:-.02em}
.items{list-style:none;margin:0;padding:0;border-top:1px solid #e3e8ee}
.items li{display:flex;justify-content:space-between;gap:1rem;padding:.75rem 0;border-bottom:1px solid #e3e8ee}
.items .qty{display:block;font-size:.875rem;color:#697386}
.hint{font-size:.875rem;color:#697386}
h2{font-size:1.25rem;margin:0 0 1rem}
form{display:grid;gap:1rem}
label{display:block;font-size:.875rem;font-weight:500;color:#3c4257;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #c9ced6;border-radius:6px;background:#fff;color:inherit}
input[readonly]{background:#f6f8fa;color:#3c4257}
input[aria-invalid=true]{border-color:#df1b41}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.field-error{margin:.25rem 0 0;font-size:.875rem;color:#df1b41}
.alert{border:1px solid #df1b41;background:#fff5f7;color:#a3112e;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
button{font:inherit;font-weight:600;padding:.8rem 1rem;border:0;border-radius:6px;background:#0055de;color:#fff;cursor:pointer;width:100%}
button:hover{background:#0048c0}
.message{max-width:32rem;margin:4rem auto;padding:0 1rem}
`;

const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLESHEET).digest("base64")}'`;

/** Currencies whose amounts have no minor unit, and those with three decimals: how Stripe counts them. */
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]);
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** 5000 "usd" -> "$50.00". */
export function formatAmount(amount: number, currency: string): string {
  const divisor = ZERO_DECIMAL.has(currency) ? 1 : THREE_DECIMAL.has(currency) ? 1000 : 100;
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / divisor);
  } catch {
    return `${(amount / divisor).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

interface FormState {
  values: Partial<FieldValues>;
  errors: FieldErrors;
  /** A decline, shown above the form. */
  alert?: string;
}

export function createPages(config: StripeEmulatorConfig, checkout: Checkout, store: Store): (request: Request) => Promise<Response> {
  const publicOrigin = new URL(config.publicUrl).origin;

  function checkoutPage(record: SessionRecord, status: number, form: FormState): Response {
    const { session } = record;
    const total = formatAmount(session.amount_total, session.currency);
    const action = `${PAGE_PREFIX}/checkout/${encodeURIComponent(session.id)}`;
    const value = (field: keyof FieldValues) => form.values[field] ?? "";
    const firstInvalid = FIELDS.find((field) => form.errors[field]) ?? (form.alert ? "cardNumber" : undefined);
    const field = (name: keyof FieldValues, label: string, attributes: string, options: { keep: boolean; readonly?: boolean } = { keep: true }) => {
      const error = form.errors[name];
      const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : "";
      const kept = options.keep ? ` value="${escapeHtml(value(name))}"` : "";
      return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}"${kept} ${attributes}${described}${options.readonly ? " readonly" : ""}${firstInvalid === name ? " autofocus" : ""}>${
        error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ""
      }</div>`;
    };
    const emailFixed = session.customer_email !== null;
    const body = `<main class="checkout">
<section aria-labelledby="summary-title">
${session.cancel_url ? `<a class="back" href="${escapeHtml(session.cancel_url)}">← Back</a>` : ""}
<p class="business">${escapeHtml(config.businessName)} <span class="badge">Test mode</span></p>
<h1 id="summary-title">Pay ${escapeHtml(config.businessName)}<span class="total">${escapeHtml(total)}</span></h1>
<ul class="items">${record.lineItems.map((item) => lineItemHtml(item)).join("")}</ul>
</section>
<section aria-labelledby="pay-title">
<h2 id="pay-title">Pay with card</h2>
${form.alert ? `<div class="alert" role="alert">${escapeHtml(form.alert)}</div>` : ""}${
      Object.keys(form.errors).length > 0 ? `<p class="alert" role="alert">Check the highlighted fields.</p>` : ""
    }
<form method="post" action="${escapeHtml(action)}">
${field("email", "Email", `type="email" autocomplete="email" required maxlength="254"`, { keep: true, readonly: emailFixed })}
${field("cardNumber", "Card number", `type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required maxlength="23"`, { keep: false })}
<div class="row">
${field("cardExpiry", "Expiration (MM / YY)", `type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required maxlength="9"`)}
${field("cardCvc", "Security code (CVC)", `type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required maxlength="4"`, { keep: false })}
</div>
${field("billingName", "Name on card", `type="text" autocomplete="cc-name" required maxlength="200"`)}
${savingNotice(record)}
<button type="submit">Pay ${escapeHtml(total)}</button>
</form>
<p class="hint">Test mode: card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for authentication. Any future date and any 3 digits.</p>
</section>
</main>`;
    return htmlResponse(status, `Pay ${config.businessName}`, body, formActionSources(session));
  }

  /** What Checkout tells the customer when the session saves their card for later payments. */
  function savingNotice(record: SessionRecord): string {
    const usage = record.paymentIntentData.setupFutureUsage;
    if (!usage) return "";
    const text =
      usage === "off_session"
        ? `By providing your card information, you allow ${config.businessName} to charge your card for future payments in accordance with their terms.`
        : `Your card information will be saved for future purchases with ${config.businessName}.`;
    return `<p class="hint">${escapeHtml(text)}</p>`;
  }

  /** The bank's 3D Secure challenge, as Stripe's test page shows it: complete or fail it. */
  function challengePage(session: CheckoutSession): Response {
    const action = `${PAGE_PREFIX}/checkout/${encodeURIComponent(session.id)}/authenticate`;
    const button = (outcome: string, label: string) =>
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
    const body = `<main class="message"><p class="business">${escapeHtml(config.businessName)} <span class="badge">Test mode</span></p>
<h2>3D Secure 2 Test Page</h2>
<p>Your bank asks you to confirm the payment of ${escapeHtml(formatAmount(session.amount_total, session.currency))}. This test page stands in for your bank's.</p>
${button("complete", "Complete")}
${button("fail", "Fail")}
</main>`;
    return htmlResponse(200, "3D Secure 2 Test Page", body, formActionSources(session));
  }

  /** The customer's answer on the challenge page. */
  async function answerChallenge(request: Request, record: SessionRecord): Promise<Response> {
    if (crossSite(request)) return messagePage(403, "Not allowed", "Payment forms are only accepted from this page.");
    const encoded = await readBodyLimited(request, MAX_FORM_BYTES);
    if (encoded === null) return messagePage(413, "Form too large", "The payment form sent too much data.");
    const outcome = new URLSearchParams(encoded).get("outcome");
    if (outcome !== "complete" && outcome !== "fail") return messagePage(400, "Unknown answer", "Choose Complete or Fail.");
    const result = checkout.authenticate(record.session.id, outcome);
    await store.save();
    return payResultPage(record, result, { values: { email: record.session.customer_email ?? "" }, errors: {} });
  }

  function payResultPage(record: SessionRecord, result: PayResult, form: FormState): Response {
    if (result.kind === "paid") return redirect(checkout.successUrl(result.session));
    if (result.kind === "closed") {
      // Back on the session's page with no challenge to answer: the form again, or the closed page.
      return result.session.status === "open" ? checkoutPage(record, 409, form) : closedPage(result.session);
    }
    if (result.kind === "authenticate") return challengePage(result.session);
    return checkoutPage(record, 402, { ...form, alert: result.outcome.message });
  }

  function messagePage(status: number, title: string, text: string, link?: { href: string; label: string }): Response {
    const body = `<main class="message"><p class="business">${escapeHtml(config.businessName)}</p><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""
    }</main>`;
    return htmlResponse(status, title, body, []);
  }

  function closedPage(session: CheckoutSession): Response {
    if (session.status === "complete") {
      return messagePage(200, "Payment complete", `Thanks, your payment to ${config.businessName} went through.`, {
        href: checkout.successUrl(session),
        label: "Continue",
      });
    }
    return messagePage(
      410,
      "This checkout session has expired",
      "Go back and start again to pay.",
      session.cancel_url ? { href: session.cancel_url, label: "← Back" } : undefined,
    );
  }

  /** The success page's origin may differ from ours: the form's redirect must be allowed to go there. */
  function formActionSources(session: CheckoutSession): string[] {
    const origin = new URL(session.success_url).origin;
    return origin === publicOrigin ? [] : [origin];
  }

  /** A payment form submitted from another site is refused (the browser says where it came from). */
  function crossSite(request: Request): boolean {
    const site = request.headers.get("sec-fetch-site");
    if (site) return site !== "same-origin" && site !== "none";
    const origin = request.headers.get("origin");
    if (!origin || origin === publicOrigin) return false;
    const host = request.headers.get("host");
    return !(host && URL.canParse(origin) && new URL(origin).host === host);
  }

  async function submit(request: Request, record: SessionRecord): Promise<Response> {
    if (crossSite(request)) return messagePage(403, "Not allowed", "Payment forms are only accepted from this page.");
    const contentType = request.headers.get("content-type") ?? "";
    if (contentType && !contentType.startsWith("application/x-www-form-urlencoded")) {
      await request.body?.cancel().catch(() => {});
      return messagePage(415, "Unsupported form", "The payment form could not be read.");
    }
    const encoded = await readBodyLimited(request, MAX_FORM_BYTES);
    if (encoded === null) return messagePage(413, "Form too large", "The payment form sent too much data.");
    const posted = new URLSearchParams(encoded);
    const values = Object.fromEntries(FIELDS.map((name) => [name, posted.get(name) ?? ""])) as FieldValues;
    // Everything below runs without waiting, so a second submission sees the first one's result.
    const session = checkout.find(record.session.id)?.session ?? record.session;
    if (session.status === "complete") return redirect(checkout.successUrl(session));
    if (session.status !== "open") {
      await store.save();
      return closedPage(session);
    }
    if (session.customer_email !== null) values.email = session.customer_email;
    const kept = { email: values.email, cardExpiry: values.cardExpiry, billingName: values.billingName };
    const checked = checkCardForm(values, new Date(config.now()));
    if ("errors" in checked) return checkoutPage(record, 400, { values: kept, errors: checked.errors });
    const result = checkout.pay(session.id, { email: values.email.trim(), name: values.billingName.trim() }, checked.card);
    await store.save();
    return payResultPage(record, result, { values: kept, errors: {} });
  }

  return async function handlePage(request) {
    const { pathname } = new URL(request.url);
    const match = new RegExp(`^${PAGE_PREFIX}/checkout/([^/]+?)(/authenticate)?/?$`).exec(pathname);
    if (!match) return messagePage(404, "Page not found", "There is no checkout page here.");
    const id = safeDecode(match[1] ?? "");
    const record = id === null ? undefined : checkout.find(id);
    if (!record) return messagePage(404, "Checkout not found", "This checkout link is not valid.");
    if (match[2]) {
      if (request.method === "POST") return answerChallenge(request, record);
      return record.session.status === "open" && record.challenge
        ? challengePage(record.session)
        : redirect(`${PAGE_PREFIX}/checkout/${encodeURIComponent(id!)}`);
    }
    if (request.method === "POST") return submit(request, record);
    if (request.method !== "GET" && request.method !== "HEAD") {
      const response = messagePage(405, "Not allowed", "This page only shows a checkout form.");
      response.headers.set("allow", "GET, HEAD, POST");
      return response;
    }
    // Finding the session may have expired it.
    await store.save();
    if (record.session.status !== "open") return closedPage(record.session);
    return checkoutPage(record, 200, { values: { email: record.session.customer_email ?? "" }, errors: {} });
  };
}

function lineItemHtml(item: LineItem): string {
  const quantity =
    item.quantity > 1 ? `<span class="qty">Qty ${item.quantity} × ${escapeHtml(formatAmount(item.price.unit_amount, item.currency))}</span>` : "";
  return `<li><span>${escapeHtml(item.description)}${quantity}</span><span>${escapeHtml(formatAmount(item.amount_total, item.currency))}</span></li>`;
}

function htmlResponse(status: number, title: string, body: string, formActions: string[]): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLESHEET}</style>
</head>
<body>
${body}
</body>
</html>
`;
  const policy = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    ["form-action 'self'", ...formActions].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": policy,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
    },
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
