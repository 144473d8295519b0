import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";

/** GoTrue's bcrypt cost. */
export const GOTRUE_PASSWORD_HASH_COST = 10;

/** bcrypt's lowest cost: test suites hash thousands of passwords, which nobody will ever guess at. */
export const MIN_PASSWORD_HASH_COST = 4;

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

// Per cost, a hash of a random password that was thrown away.
const unusableHashes = new Map<number, string>();

function unusableHash(cost: number): string {
  let hash = unusableHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hashSync(randomBytes(24).toString("hex"), cost);
    unusableHashes.set(cost, hash);
  }
  return hash;
}

/** True when the password matches the hash. Without a hash (no such user, or a user without a password)
 *  it still runs one bcrypt comparison of the same cost, so that a refusal takes as long as for a real
 *  account and the response time does not tell which emails have one. */
export async function passwordMatches(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash || unusableHash(cost));
  return matches && !!hash;
}
