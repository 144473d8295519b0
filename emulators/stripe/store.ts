// The emulator's state, in memory, and (with a data directory) in one JSON file replaced atomically:
// written to a temporary file, flushed to disk, then renamed over the old one.

import { mkdir, open, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import type { Card } from "./cards.ts";
import type {
  Charge,
  CheckoutSession,
  Customer,
  LineItem,
  PaymentIntent,
  PaymentIntentData,
  PaymentMethod,
  Refund,
  SetupFutureUsage,
  StripeEvent,
} from "./objects.ts";

export interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  paymentIntentData: PaymentIntentData;
  /** The payment intent the customer's attempts are made on: created at the first attempt. */
  attemptIntentId: string | null;
  /** A card the bank asked the customer to authenticate, waiting for their answer on the challenge page. */
  challenge?: { card: Card; customer: { email: string; name: string } } | null;
}

/** A card as Stripe keeps it: the object the API answers with, and what the card network decides by. */
export interface PaymentMethodRecord {
  method: PaymentMethod;
  /** The test card's number: which later charges succeed. */
  cardNumber: string;
  /** What it was saved for (a payment with `setup_future_usage`), or null when never saved for later. */
  setUpFor: SetupFutureUsage | null;
}

export interface DeliveryAttempt {
  /** When the attempt started, in milliseconds since the epoch. */
  at: number;
  /** The endpoint's status code; null when it could not be reached or did not answer in time. */
  status: number | null;
  /** Why the endpoint was not reached (connection refused, timeout); null when it answered. */
  error: string | null;
  durationMs: number;
}

export interface EventRecord {
  event: StripeEvent;
  delivery: {
    /** pending: attempts remain; delivered: the endpoint answered 2xx; failed: every attempt failed;
     *  none: no webhook endpoint is configured. */
    state: "pending" | "delivered" | "failed" | "none";
    /** Every attempt, oldest first, across rounds (a redelivery starts a new round). */
    attempts: DeliveryAttempt[];
    /** The index in `attempts` where the current round began: its attempts are counted against the retry limit. */
    roundStart: number;
  };
}

export interface IdempotencyRecord {
  method: string;
  path: string;
  /** The request's parameters in canonical form, to tell a retry from a different request. */
  params: string;
  status: number;
  body: string;
  requestId: string;
  createdAt: number;
}

export interface State {
  sessions: Map<string, SessionRecord>;
  paymentIntents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  refunds: Map<string, Refund>;
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethodRecord>;
  /** Oldest first. */
  events: EventRecord[];
  idempotency: Map<string, IdempotencyRecord>;
}

export interface Store {
  state: State;
  /** Marks the state changed; the next save() writes it. */
  changed(): void;
  /** Resolves once every change made before the call is on disk (at once in memory). */
  save(): Promise<void>;
}

/** Idempotency keys are kept 24 hours, as Stripe keeps them. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Events beyond this many (oldest first, never one still being delivered) are forgotten. */
const MAX_EVENTS = 1000;
const FILE_VERSION = 1;

interface StateFile {
  version: number;
  sessions: SessionRecord[];
  paymentIntents: PaymentIntent[];
  /** Absent in files written before refunds existed. */
  charges?: Charge[];
  refunds?: Refund[];
  /** Absent in files written before saved cards existed. */
  customers?: Customer[];
  paymentMethods?: PaymentMethodRecord[];
  events: EventRecord[];
  idempotency: Array<[string, IdempotencyRecord]>;
}

export async function openStore(stateDir: string | undefined, now: () => number): Promise<Store> {
  const state = stateDir ? await load(join(stateDir, "state.json")) : emptyState();
  let version = 0;
  let savedVersion = 0;
  let writing: Promise<void> | null = null;

  function prune(): void {
    const oldest = now() - IDEMPOTENCY_KEY_LIFETIME_MS;
    for (const [key, record] of state.idempotency) if (record.createdAt < oldest) state.idempotency.delete(key);
    let excess = state.events.length - MAX_EVENTS;
    if (excess > 0) {
      state.events = state.events.filter((record) => excess <= 0 || record.delivery.state === "pending" || excess-- <= 0);
    }
  }

  async function write(file: string): Promise<void> {
    prune();
    const contents: StateFile = {
      version: FILE_VERSION,
      sessions: [...state.sessions.values()],
      paymentIntents: [...state.paymentIntents.values()],
      charges: [...state.charges.values()],
      refunds: [...state.refunds.values()],
      customers: [...state.customers.values()],
      paymentMethods: [...state.paymentMethods.values()],
      events: state.events,
      idempotency: [...state.idempotency],
    };
    const temporary = `${file}.${process.pid}.tmp`;
    const handle = await open(temporary, "w", 0o600);
    try {
      await handle.writeFile(JSON.stringify(contents));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }

  return {
    state,
    changed() {
      version++;
    },
    async save() {
      if (!stateDir) {
        prune();
        return;
      }
      const wanted = version;
      while (savedVersion < wanted) {
        if (writing) {
          await writing.catch(() => {});
          continue;
        }
        const writtenVersion = version;
        writing = (async () => {
          await mkdir(stateDir, { recursive: true });
          await write(join(stateDir, "state.json"));
          savedVersion = Math.max(savedVersion, writtenVersion);
        })().finally(() => {
          writing = null;
        });
        await writing;
      }
    },
  };
}

function emptyState(): State {
  return {
    sessions: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    customers: new Map(),
    paymentMethods: new Map(),
    events: [],
    idempotency: new Map(),
  };
}

async function load(file: string): Promise<State> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyState();
    throw error;
  }
  // A damaged file stops the start rather than silently losing paid sessions.
  const contents = JSON.parse(text) as StateFile;
  if (contents.version !== FILE_VERSION) throw new Error(`${file}: unknown format version ${contents.version}`);
  return {
    sessions: new Map(contents.sessions.map((record) => [record.session.id, record])),
    paymentIntents: new Map(contents.paymentIntents.map((intent) => [intent.id, intent])),
    charges: new Map((contents.charges ?? []).map((charge) => [charge.id, charge])),
    refunds: new Map((contents.refunds ?? []).map((refund) => [refund.id, refund])),
    customers: new Map((contents.customers ?? []).map((customer) => [customer.id, customer])),
    paymentMethods: new Map((contents.paymentMethods ?? []).map((record) => [record.method.id, record])),
    events: contents.events,
    idempotency: new Map(contents.idempotency),
  };
}
