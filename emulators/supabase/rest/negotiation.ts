import { RestError, invalidSchema, unacceptableMediaType } from "./errors.ts";
import type { BodyFormat } from "./sql-builder.ts";

/** The Prefer header's values PostgREST acts on. supabase-js sends several, joined by ", ". */
export interface Preferences {
  resolution?: "merge-duplicates" | "ignore-duplicates";
  missing?: "default" | "null";
  return?: "minimal" | "representation" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  handling?: "lenient" | "strict";
  /** `max-affected=N`: with handling=strict, a write or call affecting more rows fails and changes nothing. */
  maxAffected?: number;
}

const KNOWN_PREFERENCES = {
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  return: ["minimal", "representation", "headers-only"],
  count: ["exact", "planned", "estimated"],
  handling: ["lenient", "strict"],
  tx: ["commit", "rollback"],
} as const;

/** Reads Prefer like PostgREST: of repeated preferences the first counts; with handling=strict an unknown one
 *  is refused (PGRST122). Transaction control (tx=) is not allowed on Supabase and is ignored. */
export function parsePreferences(header: string | null): Preferences {
  const preferences: Preferences = {};
  const invalid: string[] = [];
  const set = preferences as Record<string, string | number | undefined>;
  for (const entry of (header ?? "").split(",")) {
    const preference = entry.trim();
    if (preference === "") continue;
    const separator = preference.indexOf("=");
    const name = separator < 0 ? preference : preference.slice(0, separator);
    const value = separator < 0 ? "" : preference.slice(separator + 1);
    if (name === "max-affected") {
      if (/^-?\d+$/.test(value)) preferences.maxAffected ??= Number(value);
      continue;
    }
    if (name === "timezone") continue;
    const known: readonly string[] | undefined = KNOWN_PREFERENCES[name as keyof typeof KNOWN_PREFERENCES];
    if (!known?.includes(value)) {
      invalid.push(preference);
      continue;
    }
    if (name !== "tx") set[name] ??= value;
  }
  if (preferences.handling === "strict" && invalid.length > 0) {
    throw new RestError(400, {
      code: "PGRST122",
      message: "Invalid preferences given with handling=strict",
      details: `Invalid preferences: ${invalid.join(", ")}`,
    });
  }
  return preferences;
}

/** What a request did, for the preferences its response reports applying. */
export type AppliedTo = "read" | "insert" | "insert-with-key" | "upsert-by-put" | "update" | "delete" | "call";

/** The Preference-Applied header, in PostgREST's order: resolution (inserts into a table with a key or
 *  on_conflict), missing (inserts, updates), return (writes), count, handling, and max-affected with
 *  handling=strict (updates, deletes, calls). */
export function appliedPreferences(preferences: Preferences, action: AppliedTo): string | undefined {
  const writes = action !== "read" && action !== "call";
  const applied = [
    action === "insert-with-key" && preferences.resolution ? `resolution=${preferences.resolution}` : undefined,
    (action === "insert" || action === "insert-with-key" || action === "update") && preferences.missing ? `missing=${preferences.missing}` : undefined,
    writes && preferences.return ? `return=${preferences.return}` : undefined,
    preferences.count ? `count=${preferences.count}` : undefined,
    preferences.handling ? `handling=${preferences.handling}` : undefined,
    preferences.handling === "strict" && preferences.maxAffected !== undefined && ["update", "delete", "call"].includes(action)
      ? `max-affected=${preferences.maxAffected}`
      : undefined,
  ].filter((value): value is string => value !== undefined);
  return applied.length > 0 ? applied.join(", ") : undefined;
}

/** Picks the body format from the Accept header: JSON array (default), the single object of .single(),
 *  stripped nulls, or CSV; anything else is refused like PostgREST does. */
export function negotiateFormat(accept: string | null): BodyFormat {
  if (!accept || accept.trim() === "") return { shape: "array", stripNulls: false };
  for (const range of accept.split(",")) {
    const [type = "", ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    const stripNulls = parameters.includes("nulls=stripped");
    switch (type) {
      case "*/*":
      case "application/*":
      case "application/json":
        return { shape: "array", stripNulls: false };
      case "application/vnd.pgrst.array+json":
        return { shape: "array", stripNulls };
      case "application/vnd.pgrst.object+json":
      case "application/vnd.pgrst.object":
        return { shape: "object", stripNulls };
      case "text/csv":
        return { shape: "csv", stripNulls: false };
    }
  }
  throw unacceptableMediaType(accept);
}

export function contentTypeOf(format: BodyFormat): string {
  const strip = format.stripNulls ? ";nulls=stripped" : "";
  switch (format.shape) {
    case "array":
      return format.stripNulls ? `application/vnd.pgrst.array+json${strip}; charset=utf-8` : "application/json; charset=utf-8";
    case "object":
      return `application/vnd.pgrst.object+json${strip}; charset=utf-8`;
    case "csv":
      return "text/csv; charset=utf-8";
  }
}

/** The schema a request reads or writes: Accept-Profile names it for GET and HEAD, Content-Profile for writes,
 *  among the exposed schemas (PGRST106 otherwise); without one, the first exposed schema. With several schemas
 *  exposed the choice counts as negotiated, and responses name it in Content-Profile. */
export function negotiateSchema(request: Request, schemas: string[]): { schema: string; negotiated: boolean } {
  const writes = ["POST", "PATCH", "PUT", "DELETE"].includes(request.method);
  const profile = request.headers.get(writes ? "content-profile" : "accept-profile");
  if (profile === null) return { schema: schemas[0] ?? "public", negotiated: schemas.length !== 1 };
  if (!schemas.includes(profile)) throw invalidSchema(profile, schemas);
  return { schema: profile, negotiated: true };
}
