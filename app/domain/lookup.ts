/**
 * A read of one thing by its id: found (with what was read), or no such thing that the caller may
 * see. A database that fails is a fault, thrown, not a lookup's outcome.
 */
export type Lookup<T extends object> = ({ kind: "found" } & T) | { kind: "not-found" };

export const NOT_FOUND = { kind: "not-found" } as const;
