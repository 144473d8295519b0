import path from "node:path";

/** The end-to-end server's data directory: emptied before each run, read by the tests (JWT secret, outbox). */
export const E2E_DATA_DIR = path.resolve(".data/e2e");

/** The admin account the end-to-end server seeds at start. */
export const E2E_ADMIN = { email: "admin@example.com", password: "AdminPass123" } as const;
