/** One email to send. `to` may name several recipients; attachments travel whole. */
export interface OutgoingMail {
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  attachments?: Array<{ filename: string; content: string | Buffer; contentType?: string }>;
  headers?: Record<string, string>;
}

/**
 * What became of one email. `sent`: the server took it (`messageId` is the Message-ID header,
 * `response` the server's answer, which names its own queue id). `refused`: it answered 4xx
 * (temporary: try again later) or 5xx (permanent). `unreachable`: no answer at all.
 */
export type SendOutcome =
  { kind: "sent"; messageId: string; response: string } | { kind: "refused"; permanent: boolean; response: string } | { kind: "unreachable"; error: string };

export interface Mailer {
  /** Sends from MAIL_FROM; never throws for what the SMTP server answers or a connection fault. */
  sendMail(mail: OutgoingMail): Promise<SendOutcome>;
  /** Closes the pooled connections. */
  close(): void;
}

/**
 * A mailer over one pooled SMTP transport to `smtpUrl` (smtp:// or smtps://, with user:password if
 * any), made with the first message: nodemailer and its modules are loaded then, not at start.
 */
export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const openTransport = async () =>
    (await import("nodemailer")).default.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 5,
      // A server that does not answer is a fault to retry later, not a request left waiting for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  let transport: ReturnType<typeof openTransport> | undefined;
  return {
    async sendMail(mail) {
      try {
        const info = await (await (transport ??= openTransport())).sendMail({ ...mail, from });
        return { kind: "sent", messageId: info.messageId, response: info.response };
      } catch (error) {
        const { responseCode, response, message } = error as { responseCode?: number; response?: string; message?: string };
        if (typeof responseCode === "number" && responseCode >= 400) {
          return { kind: "refused", permanent: responseCode >= 500, response: response ?? `${responseCode}` };
        }
        return { kind: "unreachable", error: message ?? String(error) };
      }
    },
    close: () => void transport?.then((made) => made.close()),
  };
}
