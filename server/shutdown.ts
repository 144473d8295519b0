import type { Express } from "express";
import type { Logger } from "./logger.ts";

const FORCE_CLOSE_AFTER_MS = 8_000;

/**
 * Starts listening; on SIGTERM or SIGINT stops accepting, lets in-flight requests finish
 * (idle keep-alive sockets are closed at once), then runs onClose (databases) and exits.
 * Requests still running after 8 s are cut so the process stops within a container's grace period.
 */
export function listenWithGracefulShutdown(
  app: Express,
  options: { host: string; port: number; logger: Logger; onListening?: () => void; onClose: () => Promise<void> },
) {
  const { host, port, logger, onListening, onClose } = options;
  const server = app.listen(port, host, () => {
    logger.info({ url: `http://localhost:${port}` }, "listening");
    onListening?.();
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, "server failed to start");
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forceTimer = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
    forceTimer.unref();
    server.close(async () => {
      try {
        await onClose();
        logger.info("stopped");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
