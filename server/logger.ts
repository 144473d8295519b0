import { pino } from "pino";

/**
 * JSON lines on stdout, each written before the call returns: the start-up banner (on stderr) and a
 * crash's last lines then come after every line logged before them. Pino's default destination
 * writes in the background, and its flush does not wait for a write already under way.
 */
export function createLogger(level: string) {
  return pino({ level, base: { service: "moving-booking" } }, pino.destination({ dest: 1, sync: true }));
}

export type Logger = ReturnType<typeof createLogger>;
