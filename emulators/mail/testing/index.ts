import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CaughtMessage } from "../store.ts";

/**
 * The messages a catcher with this data directory has kept, oldest first, read from its files: for
 * tests in another process than the server's (end to end).
 */
export function readCaughtMessages(dataDir: string): CaughtMessage[] {
  const directory = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  // Ids begin with the arrival time, so their order is the order of arrival.
  return names.sort().map((name) => JSON.parse(readFileSync(path.join(directory, name), "utf8")) as CaughtMessage);
}
