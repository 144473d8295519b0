import { createHmac, randomUUID } from "node:crypto";
import { createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, servicesContext } from "~/context";

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
  return { browser: keyed(cookieSecret, "paying-browser", id), address: keyed(cookieSecret, "client-address", clientIp) };
}

/** The key of the browser making this request, when it once pressed Pay; null otherwise. */
export async function payingBrowserKey(request: Request, context: Context): Promise<string | null> {
  const id = await browserIdOf(request, context);
  return id ? keyed(context.get(servicesContext).cookieSecret, "paying-browser", id) : null;
}
