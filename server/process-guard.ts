import type { Logger } from "./logger.ts";

/**
 * The last line of defence: an error that escapes every request's own handling is logged and the
 * server keeps answering, rather than one request stopping the process for every customer.
 */
export function keepServingAfterStrayErrors(logger: Logger) {
  process.on("uncaughtException", (error) => logger.error({ err: error }, "an error escaped its request; still serving"));
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "a rejected promise was not handled; still serving"));
}
