import { readCaughtMessages } from "../../emulators/mail/testing/index.ts";
import { AUTH_EMAIL_SUBJECTS, type OutboxEmail } from "../../emulators/supabase/index.ts";

/** An auth email (sign-up confirmation, password recovery) the embedded mail catcher received. */
export interface CaughtAuthEmail {
  to: string;
  type: OutboxEmail["type"];
  link: string;
}

const TYPE_OF_SUBJECT = new Map(Object.entries(AUTH_EMAIL_SUBJECTS).map(([type, subject]) => [subject, type as OutboxEmail["type"]]));

/** The auth emails sent to `address` that the catcher under `dataDir` (a server's DATA_DIR) keeps, oldest first. */
export function caughtAuthEmailsTo(address: string, dataDir: string): CaughtAuthEmail[] {
  return readCaughtMessages(dataDir).flatMap((message) => {
    const type = TYPE_OF_SUBJECT.get(message.subject);
    const link = message.text?.match(/https?:\/\/\S+/)?.[0];
    return type && link && message.envelope.to.some((recipient) => recipient.toLowerCase() === address.toLowerCase()) ? [{ to: address, type, link }] : [];
  });
}
