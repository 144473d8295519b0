import { invalidBody } from "./errors.ts";

export type JsonObject = Record<string, unknown>;

/** Parses a JSON request body; an empty body counts as `emptyValue`. */
export function parseJsonBody(text: string, emptyValue: unknown): unknown {
  if (text.trim() === "") return emptyValue;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody();
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The rows of an insert: one object or an array of objects. Without a `columns` parameter the columns are
 *  the keys, which must then be the same in every object (PostgREST's rule). */
export function insertPayload(body: unknown, columnsParam: string[] | undefined): { rows: JsonObject[]; columns: string[] } {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw invalidBody();
  if (columnsParam) return { rows, columns: [...new Set(columnsParam)] };
  const columns = Object.keys(rows[0] ?? {});
  const sameKeys = rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && keys.every((key) => columns.includes(key));
  });
  if (!sameKeys) throw invalidBody("All object keys must match");
  return { rows, columns };
}

/** The values of an update, or the named arguments of a POST RPC call: one object. */
export function objectPayload(body: unknown): JsonObject {
  if (!isObject(body)) throw invalidBody();
  return body;
}
