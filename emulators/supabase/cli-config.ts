import { readFileSync } from "node:fs";

// The Supabase CLI's project file (supabase/config.toml): `supabase start` reads it, and so does the
// embedded Supabase, for the settings it has. Only TOML's grammar is read here, no schema: tables,
// arrays of tables, dotted and quoted keys, strings of all four kinds, arrays, inline tables, and bare
// values (booleans, numbers, dates, kept as text). A file that is not TOML stops the start.

/** What the embedded Supabase takes from the CLI's project file. */
export interface CliProjectSettings {
  /** `[auth.email] enable_confirmations`; false when unset, as in the CLI. */
  emailConfirmations: boolean;
}

export class CliConfigError extends Error {}

/** The settings of the project file at `file`; undefined when there is no such file. */
export function readCliProjectSettings(file: string): CliProjectSettings | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return cliProjectSettings(text, file);
}

/** The settings of a project file's text (`file` names it in errors). */
export function cliProjectSettings(text: string, file = "config.toml"): CliProjectSettings {
  const root = parseToml(text, file);
  const confirmations = valueAt(root, ["auth", "email", "enable_confirmations"]);
  if (confirmations !== undefined && typeof confirmations !== "boolean") {
    throw new CliConfigError(`${file}: [auth.email] enable_confirmations must be true or false`);
  }
  return { emailConfirmations: confirmations ?? false };
}

type Table = { [key: string]: unknown };

const isTable = (value: unknown): value is Table => typeof value === "object" && value !== null && !Array.isArray(value);

function valueAt(root: Table, path: string[]): unknown {
  let value: unknown = root;
  for (const key of path) {
    if (!isTable(value)) return undefined;
    value = value[key];
  }
  return value;
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", e: "\x1b", '"': '"', "\\": "\\" };

/** A TOML document as nested objects. */
export function parseToml(text: string, file = "config.toml"): Table {
  let at = 0;
  const root: Table = {};
  let current = root;

  const fail = (message: string): never => {
    const line = text.slice(0, at).split("\n").length;
    throw new CliConfigError(`${file}:${line}: ${message}`);
  };
  const skipSpaces = () => {
    while (text[at] === " " || text[at] === "\t") at++;
  };
  const skipComment = () => {
    if (text[at] === "#") while (at < text.length && text[at] !== "\n") at++;
  };
  /** Spaces, comments and line breaks (between array items, or between lines). */
  const skipBlank = () => {
    for (;;) {
      skipSpaces();
      skipComment();
      if (text[at] === "\n" || text[at] === "\r") at++;
      else return;
    }
  };
  const endOfLine = () => {
    skipSpaces();
    skipComment();
    if (text[at] === "\r") at++;
    if (at < text.length && text[at] !== "\n") fail(`unexpected ${JSON.stringify(text[at])}`);
  };

  function basicString(): string {
    at++;
    let value = "";
    while (text[at] !== '"') {
      if (at >= text.length || text[at] === "\n") fail("unterminated string");
      value += text[at] === "\\" ? escape() : text[at++];
    }
    at++;
    return value;
  }
  function escape(): string {
    const code = text[at + 1] ?? "";
    at += 2;
    if (code in ESCAPES) return ESCAPES[code]!;
    if (code === "u" || code === "U") {
      const digits = text.slice(at, at + (code === "u" ? 4 : 8));
      if (!/^[0-9A-Fa-f]+$/.test(digits)) fail("bad unicode escape");
      at += digits.length;
      return String.fromCodePoint(parseInt(digits, 16));
    }
    return fail(`bad escape \\${code}`);
  }
  function literalString(): string {
    const end = text.indexOf("'", at + 1);
    if (end < 0 || text.slice(at + 1, end).includes("\n")) fail("unterminated string");
    const value = text.slice(at + 1, end);
    at = end + 1;
    return value;
  }
  function multiLineString(quotes: string): string {
    at += 3;
    if (text[at] === "\r") at++;
    if (text[at] === "\n") at++;
    let value = "";
    while (!text.startsWith(quotes, at)) {
      if (at >= text.length) fail("unterminated string");
      if (quotes === '"""' && text[at] === "\\") {
        // A backslash at the end of a line joins it to the next, without the line break and indent.
        if (/^\\[ \t]*\r?\n/.test(text.slice(at, at + 64))) {
          at++;
          while (/\s/.test(text[at] ?? "")) at++;
        } else value += escape();
      } else value += text[at++];
    }
    // A run of up to five quotes ends the string: the last three close it, the others are content.
    let run = 0;
    while (text[at + run] === quotes[0]) run++;
    if (run > 5) fail("too many quotes");
    value += quotes[0]!.repeat(run - 3);
    at += run;
    return value;
  }

  function key(): string[] {
    const path: string[] = [];
    for (;;) {
      skipSpaces();
      if (text[at] === '"') path.push(basicString());
      else if (text[at] === "'") path.push(literalString());
      else {
        const start = at;
        while (BARE_KEY.test(text[at] ?? "")) at++;
        if (at === start) fail("expected a key");
        path.push(text.slice(start, at));
      }
      skipSpaces();
      if (text[at] !== ".") return path;
      at++;
    }
  }

  function value(): unknown {
    const next = text[at];
    if (text.startsWith('"""', at) || text.startsWith("'''", at)) return multiLineString(text.slice(at, at + 3));
    if (next === '"') return basicString();
    if (next === "'") return literalString();
    if (next === "[") return array();
    if (next === "{") return inlineTable();
    const start = at;
    while (at < text.length && !/[\s,\]}#]/.test(text[at]!)) at++;
    // A local date-time may have a space between the date and the time.
    if (/^\d{4}-\d{2}-\d{2}$/.test(text.slice(start, at)) && / \d{2}:/.test(text.slice(at, at + 4))) {
      at++;
      while (at < text.length && !/[\s,\]}#]/.test(text[at]!)) at++;
    }
    const bare = text.slice(start, at);
    if (bare === "") fail("expected a value");
    if (bare === "true" || bare === "false") return bare === "true";
    const number = Number(bare.replaceAll("_", ""));
    return /^[+-]?(\d|inf|nan)/.test(bare) && !Number.isNaN(number) ? number : bare;
  }

  function array(): unknown[] {
    at++;
    const items: unknown[] = [];
    for (;;) {
      skipBlank();
      if (text[at] === "]") break;
      items.push(value());
      skipBlank();
      if (text[at] === ",") at++;
      else if (text[at] !== "]") fail("expected , or ] in an array");
    }
    at++;
    return items;
  }

  function inlineTable(): Table {
    at++;
    const table: Table = {};
    skipSpaces();
    if (text[at] === "}") {
      at++;
      return table;
    }
    for (;;) {
      const path = key();
      if (text[at] !== "=") fail("expected = after a key");
      at++;
      skipSpaces();
      assign(table, path, value());
      skipSpaces();
      if (text[at] === "}") break;
      if (text[at] !== ",") fail("expected , or } in an inline table");
      at++;
    }
    at++;
    return table;
  }

  function tableAt(base: Table, path: string[]): Table {
    let table = base;
    for (const name of path) {
      const existing = table[name];
      if (existing === undefined) table = table[name] = {};
      else if (isTable(existing)) table = existing;
      else if (Array.isArray(existing) && isTable(existing.at(-1))) table = existing.at(-1) as Table;
      else fail(`${path.join(".")} is not a table`);
    }
    return table;
  }

  function assign(base: Table, path: string[], item: unknown) {
    const table = tableAt(base, path.slice(0, -1));
    table[path.at(-1)!] = item;
  }

  for (;;) {
    skipBlank();
    if (at >= text.length) return root;
    if (text.startsWith("[[", at)) {
      at += 2;
      const path = key();
      if (!text.startsWith("]]", at)) fail("expected ]] after an array of tables");
      at += 2;
      const parent = tableAt(root, path.slice(0, -1));
      const name = path.at(-1)!;
      const list = parent[name] ?? (parent[name] = []);
      if (!Array.isArray(list)) fail(`${path.join(".")} is not an array of tables`);
      current = {};
      (list as unknown[]).push(current);
    } else if (text[at] === "[") {
      at++;
      const path = key();
      if (text[at] !== "]") fail("expected ] after a table name");
      at++;
      current = tableAt(root, path);
    } else {
      const path = key();
      if (text[at] !== "=") fail("expected = after a key");
      at++;
      skipSpaces();
      assign(current, path, value());
    }
    endOfLine();
  }
}
