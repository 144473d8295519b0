import type { AccountProfile } from "./domain/account";
import type { CompanySettings } from "./domain/company-settings";
import type { Mailbox } from "./domain/mailbox";
import type { WorkingHours } from "./domain/move-start-rules";
import type { AppRole } from "./domain/roles";
import type { Logger } from "pino";
import { createContext, type Cookie } from "react-router";
import type Stripe from "stripe";
import type { AccessTokenCheck, SessionUser } from "./services/access-tokens.server";
import type { Mailer } from "./services/mailer.server";
import type { AuthRateLimits, BookingRateLimits, UploadsInFlight } from "./services/rate-limit.server";
import type { SettingsCache } from "./services/settings-cache.server";
import type { ShortLivedCopy } from "./services/short-lived-copy.server";
import type { AppSupabaseClient, SupabaseConnection } from "./services/supabase.server";

/** Made once per process (app/load-context.ts) and shared by every request. */
export interface AppServices {
  /** Where browsers reach this app (PUBLIC_URL), for links in emails. */
  publicUrl: string;
  supabase: SupabaseConnection;
  /** The cookie @supabase/ssr keeps a visitor's session in, named after the project once per process. */
  sessionCookieName: string;
  /** Checks a session's access token locally (signature and expiry), with no call to the auth server. */
  checkAccessToken: AccessTokenCheck;
  /** Bypasses row level security: only for work with no signed-in user (webhooks, guest bookings). */
  serviceRole: AppSupabaseClient;
  secureCookies: boolean;
  /** Keys the app's own signed cookies and hashes. */
  cookieSecret: string;
  toastCookie: Cookie;
  knownDeviceCookie: Cookie;
  /** Holds the booking wizard draft's id. */
  draftCookie: Cookie;
  /** Names the browser that pressed Pay (a random id). */
  payingBrowserCookie: Cookie;
  authLimits: AuthRateLimits;
  /** New drafts, Pay presses and photo uploads, per address and per user. */
  bookingLimits: BookingRateLimits;
  /** Upload posts being read at once in this process, per address and per user. */
  uploadsInFlight: UploadsInFlight;
  /** The Stripe API (hosted, or the embedded emulator). */
  stripe: Stripe;
  /** Verifies the signatures of Stripe's webhook deliveries (whsec_…). */
  stripeWebhookSecret: string;
  /** Sends mail over SMTP; answers what became of each email, never throws for the server's refusals or faults. */
  mail: Mailer;
  /** The embedded mail catcher's inbox (embedded mode only): the admin area's mailbox. */
  mailbox: Mailbox | undefined;
  /** This process's short-lived copy of the company settings; a save drops it. */
  settings: SettingsCache;
  /** This process's short-lived copy of the hours crews work, which every calendar judges its starts by. */
  workingHours: ShortLivedCopy<WorkingHours>;
}

/**
 * What loaders, actions and middleware read from the per-request context. Each value is made once
 * per request: the server's facts when the request arrives, the session by the root middleware,
 * the signed-in user by the guard of the dashboard and admin layouts.
 */
export interface RequestFacts {
  logger: Logger;
  cspNonce: string;
  /** The caller's address, as Express sees it under TRUST_PROXY. */
  clientIp: string;
  /**
   * Headers for the response, whatever the route returns or throws (redirects and error pages
   * included): the root middleware copies them onto it. Cookies go here as `Set-Cookie`.
   */
  responseHeaders: Headers;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestFacts>();

/**
 * The company settings the admin saved (name, phone, service area, auto-confirm…), taken once per request
 * on first use from the process's short-lived copy.
 */
export const settingsContext = createContext<() => Promise<Readonly<CompanySettings>>>();

export interface Session {
  /** The visitor's Supabase client: the session lives in HttpOnly cookies it reads and writes. */
  supabase: AppSupabaseClient;
  /** The signed-in user as their checked access token names them, or null. */
  user: SessionUser | null;
  /** The user's roles (none when signed out). */
  roles(): Promise<ReadonlySet<AppRole>>;
  /** What the signed-in user's profile holds; null when signed out. */
  profile: AccountProfile | null;
}

export const sessionContext = createContext<Session>();

/** The signed-in user, set by the guard of the dashboard and admin layouts for the routes below them. */
export const userContext = createContext<SessionUser>();
