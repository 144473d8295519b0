import { createHmac, randomUUID } from "node:crypto";
import { createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, servicesContext, sessionContext } from "~/context";

// The browser that pressed Pay: a random id in a signed, HttpOnly cookie set at Pay. The booking keeps
// a keyed hash of it, so the payment page can tell the paying browser from anyone else holding the
// link, and one browser holds one crew unpaid at a time. The client address is kept the same way
// (a keyed hash, never the address).

const COOKIE_DAYS = 30;

export function createPayingBrowserCookie(options: { secret: string; secure: boolean }) {
  return createCookie("paying_browser", {
    secrets: [options.secret],
    httpOnly: true,
    // Sent on the top-level return from Checkout, another site.
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge: 60 * 60 * 24 * COOKIE_DAYS,
  });
}

type Context = Readonly<RouterContextProvider>;

const browserIdSchema = z.uuid();

const keyed = (secret: string, purpose: string, value: string) => createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url").slice(0, 32);

/** The key a booking keeps of the browser whose Pay cookie holds `browserId`. */
export const payingBrowserKeyOf = (secret: string, browserId: string) => keyed(secret, "paying-browser", browserId);

async function browserIdOf(request: Request, context: Context): Promise<string | null> {
  const parsed = browserIdSchema.safeParse(await context.get(servicesContext).payingBrowserCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** Who pressed Pay, as the booking keeps it: the browser's key and the client address's key. */
export interface PayingVisitor {
  browser: string;
  address: string;
}

/** At Pay: this browser's key (its cookie set now when it has none, renewed otherwise) and its address's. */
export async function payingVisitor(request: Request, context: Context): Promise<PayingVisitor> {
  const { payingBrowserCookie, cookieSecret } = context.get(servicesContext);
  const { clientIp, responseHeaders } = context.get(requestContext);
  const id = (await browserIdOf(request, context)) ?? randomUUID();
  responseHeaders.append("Set-Cookie", await payingBrowserCookie.serialize(id));
  return { browser: payingBrowserKeyOf(cookieSecret, id), address: keyed(cookieSecret, "client-address", clientIp) };
}

/** The key of the browser making this request, when it once pressed Pay; null otherwise. */
export async function payingBrowserKey(request: Request, context: Context): Promise<string | null> {
  const id = await browserIdOf(request, context);
  return id ? payingBrowserKeyOf(context.get(servicesContext).cookieSecret, id) : null;
}

/**
 * Who may read a paid booking's details from its payment link: its owner, signed in, or while it has
 * no owner the browser that pressed Pay for it; anyone else (a forwarded link, a history) is a stranger.
 */
export async function paidBookingViewer(
  request: Request,
  context: Context,
  booking: { user_id: string | null; hold_browser: string | null },
): Promise<{ kind: "owner" } | { kind: "payer" } | { kind: "stranger" }> {
  if (booking.user_id !== null) return { kind: context.get(sessionContext).user?.id === booking.user_id ? "owner" : "stranger" };
  const browser = await payingBrowserKey(request, context);
  return { kind: browser !== null && browser === booking.hold_browser ? "payer" : "stranger" };
}
