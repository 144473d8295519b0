import { createHmac } from "node:crypto";
import { createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, servicesContext } from "~/context";

export type KnownDeviceCookie = ReturnType<typeof createKnownDeviceCookie>;

const MAX_ACCOUNTS = 5;

/**
 * A signed, long-lived cookie naming (by keyed hash, not by address) the accounts this browser has
 * signed in to: their owners are not held back by the pause that failed sign-ins by others cause.
 */
export function createKnownDeviceCookie(options: { secret: string; secure: boolean }) {
  return createCookie("known_device", {
    secrets: [options.secret],
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
}

const accountsSchema = z.array(z.string().max(64)).max(MAX_ACCOUNTS);

function accountKey(secret: string, email: string): string {
  return createHmac("sha256", secret).update(email.toLowerCase()).digest("base64url").slice(0, 22);
}

async function knownAccounts(request: Request, cookie: KnownDeviceCookie): Promise<string[]> {
  const parsed = accountsSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : [];
}

export async function isKnownDevice(request: Request, context: Readonly<RouterContextProvider>, email: string): Promise<boolean> {
  const { knownDeviceCookie, cookieSecret } = context.get(servicesContext);
  return (await knownAccounts(request, knownDeviceCookie)).includes(accountKey(cookieSecret, email));
}

/** Records a successful sign-in on this browser (newest first, a handful of accounts at most). */
export async function rememberDevice(request: Request, context: Readonly<RouterContextProvider>, email: string): Promise<void> {
  const { knownDeviceCookie, cookieSecret } = context.get(servicesContext);
  const key = accountKey(cookieSecret, email);
  const accounts = [key, ...(await knownAccounts(request, knownDeviceCookie)).filter((known) => known !== key)].slice(0, MAX_ACCOUNTS);
  context.get(requestContext).responseHeaders.append("Set-Cookie", await knownDeviceCookie.serialize(accounts));
}
