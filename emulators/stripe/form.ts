// Stripe's form encoding: `application/x-www-form-urlencoded` pairs whose keys nest with brackets,
// e.g. `line_items[0][price_data][currency]=usd`, `metadata[booking_id]=…`, `expand[]=payment_intent`.

/** A decoded parameter: a string, or a hash of parameters. Lists are hashes keyed "0", "1", …. */
export type FormValue = string | FormHash;
export interface FormHash {
  [key: string]: FormValue;
}

/** A key that is used both as a value and as a hash (`a=1&a[b]=2`): the parameter named is invalid. */
export class FormShapeError extends Error {
  constructor(readonly param: string) {
    super(`Invalid value for ${param}.`);
  }
}

/** Decodes a form body or query string into nested hashes. A repeated key keeps its last value. */
export function parseForm(encoded: string): FormHash {
  const root: FormHash = Object.create(null);
  for (const [key, value] of new URLSearchParams(encoded)) {
    assign(root, splitKey(key), value);
  }
  return root;
}

/** "a[b][c]" -> ["a", "b", "c"]; "a[]" -> ["a", ""]; a key with stray brackets stays whole. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const [, head = key, rest = ""] = match;
  const parts = [head];
  for (const part of rest.matchAll(/\[([^[\]]*)\]/g)) parts.push(part[1] ?? "");
  return parts;
}

function assign(root: FormHash, path: string[], value: string): void {
  let node = root;
  let name = "";
  for (const [index, rawPart] of path.entries()) {
    // An empty part appends: the next free position of a list.
    const part = rawPart === "" && index > 0 ? String(Object.keys(node).length) : rawPart;
    name = index === 0 ? part : `${name}[${part}]`;
    const last = index === path.length - 1;
    const existing = node[part];
    if (last) {
      if (existing !== undefined && typeof existing !== "string") throw new FormShapeError(name);
      node[part] = value;
      return;
    }
    if (existing === undefined) {
      const child: FormHash = Object.create(null);
      node[part] = child;
      node = child;
    } else if (typeof existing === "string") {
      throw new FormShapeError(name);
    } else {
      node = existing;
    }
  }
}

/** A canonical text of parameters: the same for the same parameters in any order. */
export function canonicalForm(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalForm(value[key] as FormValue)}`).join(",")}}`;
}

/** Reads a request body of at most `limit` bytes as text; null when it is larger. */
export async function readBodyLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    return null;
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
