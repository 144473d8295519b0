import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, settingsContext, type AppServices, type RequestFacts } from "./context";
import type { CompanySettings } from "./domain/company-settings";
import type { Mailbox } from "./domain/mailbox";
import { createAccessTokenCheck, type AccessTokenKey } from "./services/access-tokens.server";
import { createDraftCookie } from "./services/drafts.server";
import type { Mailer } from "./services/mailer.server";
import { createKnownDeviceCookie } from "./services/known-device.server";
import { createPayingBrowserCookie } from "./services/paying-browser.server";
import { createAuthRateLimits, createBookingRateLimits, createUploadsInFlight } from "./services/rate-limit.server";
import { createWorkingHoursCopy } from "./services/capacity.server";
import { createStripeClient } from "./services/stripe-client.server";
import { createSettingsCache } from "./services/settings-cache.server";
import { readCompanySettings } from "./services/settings.server";
import { createServiceRoleClient, sessionCookieName, type SupabaseConnection } from "./services/supabase.server";
import { createToastCookie } from "./services/toast.server";

/** What the Express server knows at start and hands the app once. */
export interface AppOptions {
  /** Where browsers reach this app (PUBLIC_URL), for links in emails. */
  publicUrl: string;
  supabase: SupabaseConnection;
  serviceRoleKey: string;
  /** What signs the project's access tokens: its JWT secret, or the address of its published signing keys. */
  accessTokenKey: AccessTokenKey;
  /** Signs the app's own cookies (flash messages). */
  cookieSecret: string;
  /** Cookies get Secure when browsers reach the app over https. */
  secureCookies: boolean;
  authAttemptsPerMinute: number;
  /** New booking drafts and Pay presses per minute, per address and per user (photo uploads: a multiple). */
  bookingActionsPerMinute: number;
  /**
   * Where the rate limits count: the database, shared by every instance (the default), or this
   * process's memory, for test apps that must start with fresh counters as a new server once did.
   */
  rateLimitCounters?: "database" | "memory";
  /** Stripe: the secret key, the webhook signing secret, and for the embedded emulator the fetch that reaches it in-process. */
  stripe: { secretKey: string; webhookSecret: string; fetch?: typeof fetch };
  /** Sends mail over SMTP (a provider, or the embedded mail catcher); made once by the server, which also sends the auth emails with it. */
  mail: Mailer;
  /** The embedded mail catcher's inbox, shown in the admin area; unset with a real SMTP server. */
  mailbox?: Mailbox;
}

export function createAppServices(options: AppOptions): AppServices {
  const serviceRole = createServiceRoleClient(options.supabase, options.serviceRoleKey);
  const counters = options.rateLimitCounters === "memory" ? "memory" : { serviceRole };
  return {
    publicUrl: options.publicUrl,
    supabase: options.supabase,
    sessionCookieName: sessionCookieName(options.supabase.url),
    checkAccessToken: createAccessTokenCheck(options.accessTokenKey),
    serviceRole,
    secureCookies: options.secureCookies,
    cookieSecret: options.cookieSecret,
    toastCookie: createToastCookie({ secret: options.cookieSecret, secure: options.secureCookies }),
    knownDeviceCookie: createKnownDeviceCookie({ secret: options.cookieSecret, secure: options.secureCookies }),
    draftCookie: createDraftCookie({ secret: options.cookieSecret, secure: options.secureCookies }),
    payingBrowserCookie: createPayingBrowserCookie({ secret: options.cookieSecret, secure: options.secureCookies }),
    authLimits: createAuthRateLimits({ attemptsPerMinute: options.authAttemptsPerMinute, counters }),
    bookingLimits: createBookingRateLimits({ actionsPerMinute: options.bookingActionsPerMinute, counters }),
    uploadsInFlight: createUploadsInFlight(),
    stripe: createStripeClient(options.stripe),
    stripeWebhookSecret: options.stripe.webhookSecret,
    mail: options.mail,
    mailbox: options.mailbox,
    settings: createSettingsCache({ load: () => readCompanySettings(serviceRole) }),
    workingHours: createWorkingHoursCopy(serviceRole),
  };
}

/** The context one request starts with; the root middleware adds the session. */
export function createRequestContext(services: AppServices, facts: Omit<RequestFacts, "responseHeaders">): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, { ...facts, responseHeaders: new Headers() });
  let settings: Promise<Readonly<CompanySettings>> | undefined;
  context.set(settingsContext, () => (settings ??= services.settings.get(facts.logger)));
  return context;
}
