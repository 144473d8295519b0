import { RestError, invalidSchema, unacceptableMediaType } from "./errors.ts";
import type { BodyFormat } from "./sql-builder.ts";

/** The Prefer header's values PostgREST acts on. supabase-js sends several, joined by ", ". */
export interface Preferences {
  return?: "minimal" | "representation" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  resolution?: "merge-duplicates" | "ignore-duplicates";
  missing?: "default" | "null";
}

const KNOWN_PREFERENCES: Record<string, readonly string[]> = {
  return: ["minimal", "representation", "headers-only"],
  count: ["exact", "planned", "estimated"],
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  handling: ["lenient", "strict"],
  tx: ["commit", "rollback"],
};

export function parsePreferences(header: string | null): Preferences {
  const preferences: Preferences = {};
  const invalid: string[] = [];
  let strict = false;
  for (const entry of (header ?? "").split(",")) {
    const preference = entry.trim();
    if (preference === "") continue;
    const [name = "", value = ""] = preference.split("=").map((part) => part.trim());
    if (!KNOWN_PREFERENCES[name]?.includes(value)) {
      if (!/^(timezone|max-affected|params)$/.test(name)) invalid.push(preference);
      continue;
    }
    if (name === "handling") strict = value === "strict";
    else if (name === "return") preferences.return = value as Preferences["return"];
    else if (name === "count") preferences.count = value as Preferences["count"];
    else if (name === "resolution") preferences.resolution = value as Preferences["resolution"];
    else if (name === "missing") preferences.missing = value as Preferences["missing"];
  }
  if (strict && invalid.length > 0) {
    throw new RestError(400, {
      code: "PGRST122",
      message: "Invalid preferences given with handling=strict",
      details: `Invalid preferences: ${invalid.join(", ")}`,
    });
  }
  return preferences;
}

/** The Preference-Applied header for the preferences a response honoured. */
export function appliedPreferences(preferences: Preferences, honoured: ReadonlyArray<keyof Preferences>): string | undefined {
  const applied = honoured.flatMap((name) => {
    const value = preferences[name];
    return typeof value === "string" ? [`${name}=${value}`] : [];
  });
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
