import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface ReceivedEvent {
  event: Stripe.Event;
  /** The body exactly as it arrived. */
  raw: string;
  signature: string;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/webhook */
  url: string;
  /** Requests whose signature verified, in arrival order. */
  received: ReceivedEvent[];
  /** Requests refused because the signature did not verify. */
  rejected: number;
  close(): Promise<void>;
}

/**
 * A webhook endpoint on a local port that verifies each request as an app does, with stripe-node's
 * `webhooks.constructEvent(rawBody, signature, secret)`. `answer` picks the status for each verified
 * request (numbered from 1); 200 by default.
 */
export async function startWebhookReceiver(options: { secret: string; answer?: (attempt: number, event: Stripe.Event) => number }): Promise<WebhookReceiver> {
  const verifier = new Stripe("sk_test_verifier", { telemetry: false });
  const received: ReceivedEvent[] = [];
  const receiver = { received, rejected: 0 };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const signature = String(request.headers["stripe-signature"] ?? "");
      let event: Stripe.Event;
      try {
        event = verifier.webhooks.constructEvent(raw, signature, options.secret);
      } catch {
        receiver.rejected++;
        response.writeHead(400).end("bad signature");
        return;
      }
      received.push({ event, raw, signature });
      const status = options.answer?.(received.length, event) ?? 200;
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as WebhookReceiver;
}
