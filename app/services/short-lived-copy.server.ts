/**
 * A value one process keeps for a short while instead of reading it on every request: read at most
 * once per lifetime, concurrent misses sharing one read, and dropped at once when the value is saved.
 */
export interface ShortLivedCopy<T, A extends unknown[] = []> {
  /** The value kept, or a new read (shared with the requests that miss together); a read that fails or is not kept is tried again next time. */
  get(...args: A): Promise<T>;
  /** Forgets the copy (and any read under way), so the next request reads what was just saved. */
  invalidate(): void;
}

/** What one read came to: the value, and whether it may be kept for the lifetime. */
export interface CopyRead<T> {
  value: T;
  keep: boolean;
}

interface ShortLivedCopyOptions<T, A extends unknown[]> {
  /** Reads the value; the first caller's arguments are passed on (the callers that share the read get its answer). */
  load: (...args: A) => Promise<CopyRead<T>>;
  lifetimeMs: number;
  now?: () => number;
}

export function createShortLivedCopy<T, A extends unknown[] = []>({ load, lifetimeMs, now = Date.now }: ShortLivedCopyOptions<T, A>): ShortLivedCopy<T, A> {
  let kept: { value: T; until: number } | null = null;
  let reading: Promise<T> | null = null;
  // Bumped by each save: a read that started before it is handed to its callers but not kept.
  let generation = 0;

  function read(args: A): Promise<T> {
    const startedIn = generation;
    const startedAt = now();
    const promise = load(...args).then(({ value, keep }) => {
      if (keep && startedIn === generation) kept = { value, until: startedAt + lifetimeMs };
      return value;
    });
    const forget = () => {
      if (reading === promise) reading = null;
    };
    promise.then(forget, forget);
    return promise;
  }

  return {
    get(...args) {
      if (kept && now() < kept.until) return Promise.resolve(kept.value);
      reading ??= read(args);
      return reading;
    },
    invalidate() {
      generation += 1;
      kept = null;
      reading = null;
    },
  };
}
