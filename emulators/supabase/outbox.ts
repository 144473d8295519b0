/** An email the auth service would have sent. */
export interface OutboxEmail {
  to: string;
  type: "recovery";
  /** The six-digit code of the email, for /verify with {type, email, token}. */
  token: string;
  /** The token_hash that /verify accepts. */
  tokenHash: string;
  redirectTo: string;
  /** redirectTo with token_hash and type appended as query parameters. */
  link: string;
  sentAt: string;
}

/** The emails "sent" by the emulator, newest last. Listeners let the host log them. */
export interface Outbox {
  readonly emails: readonly OutboxEmail[];
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
      for (const listener of listeners) listener(email);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
