import path from "node:path";

/**
 * How many production servers the end-to-end run starts, one for each Playwright worker: each worker
 * drives its own server on its own database, so tests never see another worker's writes. The
 * browser and the server each keep one core busy only part of the time, so two workers use a
 * two-core machine's second core.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Which server this process talks to: its Playwright worker's (0 in the runner). */
const serverIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_WORKERS;

/** The data directory of the server with this index: emptied before each run, read by the tests (JWT secret, caught mail). */
export function e2eDataDir(index: number): string {
  return path.resolve(`.data/e2e-${index}`);
}

/** This worker's server's data directory. */
export const E2E_DATA_DIR = e2eDataDir(serverIndex);

/** The port of the server with this index; the runner chooses them once and workers inherit them. */
export function e2ePort(index: number): string {
  const port = process.env.E2E_PORTS?.split(",")[index];
  if (!port) throw new Error("E2E_PORTS is not set: run the end-to-end tests through playwright.config.ts");
  return port;
}

/** Where this worker's server answers. */
export function e2eBaseUrl(index = serverIndex): string {
  return `http://localhost:${e2ePort(index)}`;
}

/** The admin account each end-to-end server seeds at start. */
export const E2E_ADMIN = { email: "admin@example.com", password: "AdminPass123" } as const;
