import bcrypt from "bcryptjs";

/** GoTrue's bcrypt cost. */
const BCRYPT_COST = 10;

/** A hash of the same cost as every stored one, of a random password that was thrown away. */
const UNUSABLE_HASH = "$2b$10$xn.UN03NOPwClor2KBtR9eDVfqOOD48oj32iPVcvh4I4ziRa76WjK";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** True when the password matches the hash. Without a hash (no such user, or a user without a password)
 *  it still runs one bcrypt comparison, so that a refusal takes as long as for a real account and the
 *  response time does not tell which emails have one. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash || UNUSABLE_HASH);
  return matches && !!hash;
}
