import type { IncomingMessage, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { Express } from "express";
import type { Logger } from "./logger.ts";

/**
 * The whole stop happens within 10 s of SIGTERM, the grace period `docker stop` gives before SIGKILL
 * (and the shortest an orchestrator is likely to give). Requests still running 7.5 s after the
 * signal are cut, which leaves 2 s to write the analytics batch and close the databases; at 9.5 s
 * whatever is still undone is abandoned and the process exits 1.
 */
const REQUESTS_CUT_AFTER_MS = 7_500;
const EXIT_AFTER_MS = 9_500;

/**
 * Once the listener is closed, connections that carry no request are kept this long before they are
 * closed: a request a client sent just before (on a connection the server accepted, or one kept alive)
 * may still be unread in the socket, and is answered rather than dropped.
 */
const IDLE_CONNECTIONS_KEPT_MS = 500;

/** The longest drain: requests accepted at its very end still get 1.5 s to finish before they are cut. */
export const MAX_DRAIN_SECONDS = 6;

/**
 * Starts listening and stops in order on SIGTERM:
 * 1. drain: onStopping runs (/readyz answers 503, so the load balancer stops sending) and the server
 *    keeps serving for `drainSeconds`; its answers close their connections, so clients holding one
 *    open come back on a new one, which the load balancer sends to another instance;
 * 2. the listener closes; idle keep-alive connections are closed, requests in flight finish and are
 *    answered with `Connection: close` (cut 7.5 s after the signal);
 * 3. onClose (the analytics batch, the databases), then exit 0.
 * SIGINT (Ctrl-C in a terminal; also during a drain) skips the drain: no load balancer waits on a
 * person at a terminal. Stopping after the drain takes at most 3.5 s more, within 10 s in all.
 */
export function listenWithGracefulShutdown(
  app: Express,
  options: {
    host: string;
    port: number;
    logger: Logger;
    drainSeconds: number;
    onListening?: () => void;
    onStopping?: () => void;
    onClose: () => Promise<void>;
  },
) {
  const { host, port, logger, onListening, onStopping, onClose } = options;
  const drainMs = Math.min(options.drainSeconds, MAX_DRAIN_SECONDS) * 1000;
  const server = app.listen(port, host, () => {
    logger.info({ url: `http://localhost:${port}` }, "listening");
    onListening?.();
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, "server failed to start");
    process.exit(1);
  });

  let phase: "serving" | "draining" | "closing" | "closing idle" = "serving";
  const inFlight = new Set<ServerResponse>();
  // Before the app's own listener, so the header is set before any answer is written.
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    if (phase !== "serving") response.setHeader("Connection", "close");
    inFlight.add(response);
    response.once("close", () => {
      inFlight.delete(response);
      // A connection whose answer went out with keep-alive before the stop is idle now: closed.
      if (phase === "closing idle") server.closeIdleConnections();
    });
  });

  let drainTimer: NodeJS.Timeout | undefined;
  const stopAccepting = () => {
    if (phase === "closing" || phase === "closing idle") return;
    clearTimeout(drainTimer);
    phase = "closing";
    logger.info({ inFlight: inFlight.size }, "no longer accepting connections; finishing the requests in flight");
    for (const response of inFlight) if (!response.headersSent) response.setHeader("Connection", "close");
    // Closed right after the event loop has taken the connections waiting in the kernel's queue (whose
    // clients have sent their request): closing the listener resets those still queued. Only the
    // listener: http.Server's close would also close idle connections at once. The callback runs once
    // the last connection has ended.
    setImmediate(() =>
      NetServer.prototype.close.call(server, async () => {
        try {
          await onClose();
          logger.info("stopped");
          process.exit(0);
        } catch (error) {
          logger.error({ err: error }, "error while closing");
          process.exit(1);
        }
      }),
    );
    setTimeout(() => {
      phase = "closing idle";
      server.closeIdleConnections();
    }, IDLE_CONNECTIONS_KEPT_MS);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (phase !== "serving") {
      if (signal === "SIGINT") stopAccepting();
      return;
    }
    phase = "draining";
    onStopping?.();
    setTimeout(() => {
      if (inFlight.size > 0) logger.warn({ requests: inFlight.size }, "requests still running when the stop's time ran out: cut");
      server.closeAllConnections();
    }, REQUESTS_CUT_AFTER_MS).unref();
    setTimeout(() => {
      logger.error("could not stop within 10 s: exiting with the rest undone");
      process.exit(1);
    }, EXIT_AFTER_MS);
    if (signal === "SIGINT" || drainMs === 0) {
      logger.info({ signal }, "shutting down");
      stopAccepting();
      return;
    }
    logger.info({ signal, drainSeconds: drainMs / 1000 }, "shutting down: /readyz answers 503, still serving while the load balancer stops sending");
    drainTimer = setTimeout(stopAccepting, drainMs);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
