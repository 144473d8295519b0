import { pino } from "pino";

export function createLogger(level: string) {
  return pino({ level, base: { service: "moving-booking" } });
}

export type Logger = ReturnType<typeof createLogger>;
