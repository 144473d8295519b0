import { storageErrors } from "./errors.ts";

/** The request's JSON object body; anything else is a 400 in the service's validation wording. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(await request.text());
  } catch {
    throw storageErrors.badRequest("Body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw storageErrors.badRequest("body must be object");
  }
  return value as Record<string, unknown>;
}

/** A whole number within bounds, or a 400 naming the field like the service's schema validator. */
export function integerField(body: Record<string, unknown>, field: string, { min, fallback }: { min: number; fallback?: number }): number {
  const value = body[field] ?? fallback;
  if (value === undefined) throw storageErrors.badRequest(`body must have required property '${field}'`);
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number)) {
    throw storageErrors.badRequest(`body/${field} must be integer`);
  }
  if (number < min) throw storageErrors.badRequest(`body/${field} must be >= ${min}`);
  return number;
}

export function stringArrayField(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (value === undefined) throw storageErrors.badRequest(`body must have required property '${field}'`);
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw storageErrors.badRequest(`body/${field} must be array of strings`);
  }
  if (value.length === 0) throw storageErrors.badRequest(`body/${field} must NOT have fewer than 1 items`);
  return value;
}
