import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What createStripeEmulator takes. */
export interface StripeEmulatorOptions {
  /** Where browsers reach the app's server, e.g. "http://localhost:3000"; checkout URLs are built on it. */
  publicUrl: string;
  /** Sessions, payment intents, events and idempotency keys persist in `<dataDir>/stripe/state.json`
   *  (replaced atomically on each change); everything stays in memory when absent. */
  dataDir?: string;
  /** Where signed events are POSTed, e.g. `${publicUrl}/api/stripe/webhook`; events are only recorded when absent. */
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`). When absent: generated once and kept in
   *  `<dataDir>/stripe/webhook-secret`, or a fresh one per process without a dataDir. */
  webhookSecret?: string;
  /** The name shown on the checkout page. */
  businessName?: string;
  /** How events are POSTed; the global fetch by default. */
  deliver?: typeof fetch;
  /** The waits between delivery attempts while the endpoint answers non-2xx or cannot be reached; one
   *  attempt more than there are delays, then the event is given up. */
  retryDelaysMs?: number[];
  /** How long one delivery attempt may take before it counts as failed. */
  deliveryTimeoutMs?: number;
  /** The clock, in milliseconds since the epoch. Tests move it to make sessions run out. */
  now?: () => number;
  /** Where delivery failures are reported; never given secrets, signatures or payloads. */
  log?: (level: "info" | "warn", message: string, fields: Record<string, unknown>) => void;
}

/** The settings in force, defaults filled in. */
export interface StripeEmulatorConfig {
  publicUrl: string;
  /** `<dataDir>/stripe`, or undefined when in memory. */
  stateDir?: string;
  webhookUrl?: string;
  webhookSecret: string;
  secretKey: string;
  businessName: string;
  deliver: typeof fetch;
  retryDelaysMs: readonly number[];
  deliveryTimeoutMs: number;
  now: () => number;
  log: (level: "info" | "warn", message: string, fields: Record<string, unknown>) => void;
}

/** The back-off between delivery attempts when none is given: six attempts over about 48 seconds. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];
const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

export function resolveConfig(options: StripeEmulatorOptions): StripeEmulatorConfig {
  const publicUrl = new URL(options.publicUrl).toString().replace(/\/+$/, "");
  const stateDir = options.dataDir ? join(options.dataDir, "stripe") : undefined;
  if (options.webhookSecret !== undefined && !options.webhookSecret.startsWith("whsec_")) {
    throw new Error("webhookSecret must start with whsec_");
  }
  for (const delay of options.retryDelaysMs ?? []) {
    if (!Number.isFinite(delay) || delay < 0) throw new Error("retryDelaysMs must hold non-negative numbers");
  }
  return {
    publicUrl,
    stateDir,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret ?? (stateDir ? persistedWebhookSecret(stateDir) : newWebhookSecret()),
    secretKey: `sk_test_${randomToken(24)}`,
    businessName: options.businessName?.trim() || "Test business",
    deliver: options.deliver ?? ((input, init) => globalThis.fetch(input, init)),
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
    now: options.now ?? (() => Date.now()),
    log: options.log ?? defaultLog,
  };
}

function defaultLog(level: "info" | "warn", message: string, fields: Record<string, unknown>): void {
  if (level === "warn") console.warn(`Stripe emulator: ${message}`, fields);
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random letters and digits, as Stripe's identifiers and keys use. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let token = "";
  // 62 * 4 = 248: bytes at or above it are skipped so every character is equally likely.
  for (const byte of bytes) {
    if (byte >= 248) continue;
    token += ALPHANUMERIC[byte % 62];
    if (token.length === length) return token;
  }
  return token + randomToken(length - token.length);
}

function newWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

function persistedWebhookSecret(stateDir: string): string {
  const file = join(stateDir, "webhook-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(stateDir, { recursive: true });
  const secret = newWebhookSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
