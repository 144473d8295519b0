/** An email the auth service would have sent. */
export interface OutboxEmail {
  to: string;
  /** A password recovery, or the confirmation of a sign-up (with confirmations on). */
  type: "recovery" | "signup";
  /** The six-digit code of the email, for /verify with {type, email, token}. */
  token: string;
  /** The token_hash that /verify accepts. */
  tokenHash: string;
  redirectTo: string;
  /** The email's link: for a recovery, redirectTo with token_hash and type appended as query
   *  parameters; for a sign-up, the configured "Confirm signup" template filled in. */
  link: string;
  sentAt: string;
}

/** The emails "sent" by the emulator, newest last. Listeners let the host log them. */
export interface Outbox {
  readonly emails: readonly OutboxEmail[];
  /** Adds the email to `emails` at once; listeners hear of it only after the sender has answered. */
  send(email: OutboxEmail): void;
  /** Calls the listener for every email sent from now on; returns the unsubscribe function. */
  subscribe(listener: (email: OutboxEmail) => void): () => void;
}

export function createOutbox(): Outbox {
  const emails: OutboxEmail[] = [];
  const listeners = new Set<(email: OutboxEmail) => void>();
  return {
    emails,
    send(email) {
      emails.push(email);
      // Whatever the host does with an email (log it, write it to a file) must not lengthen the answer:
      // /recover answers as fast whether or not an email goes out.
      setImmediate(() => {
        for (const listener of listeners) {
          try {
            listener(email);
          } catch (error) {
            console.error("Supabase emulator: an outbox listener failed", error);
          }
        }
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
