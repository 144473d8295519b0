import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";
import { GOTRUE_PASSWORD_HASH_COST } from "./passwords.ts";

// How long sign-in and password recovery take must not tell whether an email has an account. Each
// comparison interleaves the two kinds of attempt, so both see the same load, and compares medians with a
// generous bound: skipping the bcrypt comparison made a refusal 30 times faster, skipping the database
// writes of a recovery 2 to 5 times.

const PASSWORD = "correct-horse-42";

let backend: TestBackend;
let knownEmail: string;

beforeAll(async () => {
  // GoTrue's cost: at the lowest one a comparison is too quick to stand out from the database's work.
  backend = await startTestBackend({ passwordHashCost: GOTRUE_PASSWORD_HASH_COST });
  knownEmail = uniqueEmail("timing");
  await backend.adminCreateUser(knownEmail, PASSWORD);
});
afterAll(async () => {
  await backend?.close();
});

/** Median durations in milliseconds of `rounds` attempts of each, alternating, after one of each to warm up. */
async function interleavedMedians(rounds: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const durations: [number[], number[]] = [[], []];
  for (let round = -1; round < rounds; round++) {
    for (const [index, attempt] of [a, b].entries()) {
      const started = performance.now();
      await attempt();
      if (round >= 0) durations[index]!.push(performance.now() - started);
    }
  }
  const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return [median(durations[0]), median(durations[1])];
}

/** Neither median is under half the other. */
function expectAlike([first, second]: [number, number]): void {
  const detail = `medians ${first.toFixed(1)} ms and ${second.toFixed(1)} ms`;
  expect(second / first, detail).toBeGreaterThanOrEqual(0.5);
  expect(first / second, detail).toBeGreaterThanOrEqual(0.5);
}

const signIn = (email: string) => backend.createClient().auth.signInWithPassword({ email, password: "wrong-password" });
const recover = (email: string) => backend.createClient().auth.resetPasswordForEmail(email);

describe.skipIf(usingHostedBackend)("response times that do not tell which emails have accounts", () => {
  it("a wrong password takes as long for an unknown email as for an existing account", async () => {
    const unknownEmail = uniqueEmail("nobody");
    expectAlike(
      await interleavedMedians(
        7,
        () => signIn(knownEmail),
        () => signIn(unknownEmail),
      ),
    );
  });

  it("an account without a password takes as long to refuse as one with", async () => {
    const passwordless = uniqueEmail("passwordless");
    await backend.adminCreateUser(passwordless, PASSWORD);
    await backend.sql("update auth.users set encrypted_password = null where email = $1", [passwordless]);
    expectAlike(
      await interleavedMedians(
        7,
        () => signIn(knownEmail),
        () => signIn(passwordless),
      ),
    );
  });

  it("a password reset takes as long for an unknown email as for an existing account", async () => {
    const unknownEmail = uniqueEmail("nobody");
    expectAlike(
      await interleavedMedians(
        25,
        () => recover(knownEmail),
        () => recover(unknownEmail),
      ),
    );
  });
});
