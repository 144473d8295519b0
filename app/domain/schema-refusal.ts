import { z } from "zod/mini";
import type { ParsePayload } from "zod/v4/core";

/**
 * Refuses the value a transform was reading, with `message` on `path` (within the value) or on the
 * value itself; what it returns, the transform returns. Zod's mini API gives a transform the value
 * and its issues, not an addIssue.
 */
export function refuse(context: ParsePayload, message: string, path?: PropertyKey[]): never {
  context.issues.push({ code: "custom", message, input: context.value, ...(path ? { path } : {}) });
  return z.NEVER;
}
