import { RestError, negativeLimit, notEmbedded, notImplemented, queryParamError } from "./errors.ts";

/** The query string of a PostgREST request, parsed the way PostgREST's QueryParams module does. */
export interface QueryParams {
  select: SelectItem[];
  /** Column filters and and/or trees; all of them must hold. */
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are neither reserved nor filters: the arguments of a GET/HEAD RPC call. */
  args: Array<[name: string, value: string]>;
}

export type SelectItem = { kind: "star" } | { kind: "column"; column: string; alias?: string };

export type ComparisonOperator =
  | "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "match" | "imatch"
  | "cs" | "cd" | "ov" | "sl" | "sr" | "nxr" | "nxl" | "adj" | "isdistinct";

export type FullTextOperator = "fts" | "plfts" | "phfts" | "wfts";

export type Operation =
  | { kind: "compare"; operator: ComparisonOperator; quantifier?: "any" | "all"; value: string }
  | { kind: "in"; values: string[] }
  | { kind: "is"; value: "null" | "true" | "false" | "unknown" }
  | { kind: "fts"; operator: FullTextOperator; config?: string; value: string };

export interface Filter {
  kind: "filter";
  column: string;
  negated: boolean;
  operation: Operation;
}

export interface LogicExpression {
  kind: "logic";
  operator: "and" | "or";
  negated: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicExpression;

export interface OrderTerm {
  column: string;
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
}

const COMPARISON_OPERATORS = new Set<string>([
  "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch",
  "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj", "isdistinct",
]);
/** Operators that accept the (any)/(all) quantifier with a {a,b} list. */
const QUANTIFIABLE_OPERATORS = new Set<string>(["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);
const FULL_TEXT_OPERATORS = new Set<string>(["fts", "plfts", "phfts", "wfts"]);
const RESERVED = new Set(["select", "columns", "on_conflict"]);
const RESERVED_EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);

export function parseQueryParams(search: URLSearchParams): QueryParams {
  const params: QueryParams = { select: [{ kind: "star" }], conditions: [], order: [], offset: 0, args: [] };
  for (const [key, value] of search) {
    if (key === "select") {
      params.select = value === "" ? [{ kind: "star" }] : parseSelect(value);
    } else if (key === "columns") {
      params.columns = parseColumnList(value, "columns parameter");
    } else if (key === "on_conflict") {
      params.onConflict = parseColumnList(value, "on_conflict parameter");
    } else if (RESERVED_EMBEDDABLE.has(lastPathSegment(key))) {
      parseEmbeddableParam(params, key, value);
    } else if (isFilter(key, value)) {
      params.conditions.push(parseFilter(key, value));
    } else {
      params.args.push([key, value]);
    }
  }
  return params;
}

function lastPathSegment(key: string): string {
  return key.split(".").at(-1) ?? key;
}

function parseEmbeddableParam(params: QueryParams, key: string, value: string): void {
  const segments = key.split(".");
  const name = segments.at(-1);
  if (name === "and" || name === "or") {
    const path = segments.slice(0, -1).filter((segment) => segment !== "not");
    if (path.length > 0) throw notEmbedded(path.join("."));
    const negated = segments.includes("not");
    params.conditions.push(parseLogicParam(`${negated ? "not." : ""}${name}${value}`, value));
    return;
  }
  if (segments.length > 1) throw notEmbedded(segments.slice(0, -1).join("."));
  if (name === "order") params.order = parseOrder(value);
  else if (name === "limit") {
    const limit = parseInteger(value);
    if (limit !== undefined && limit < 0) throw negativeLimit();
    if (limit !== undefined) params.limit = limit;
  } else if (name === "offset") {
    const offset = parseInteger(value);
    if (offset !== undefined && offset >= 0) params.offset = offset;
  }
}

/** PostgREST reads limit/offset with `readMaybe`: anything but an integer is ignored. */
function parseInteger(value: string): number | undefined {
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** PostgREST's rule: a parameter is a filter when its key is an embed path or its value starts with an operator. */
function isFilter(key: string, value: string): boolean {
  if (key.includes(".")) return true;
  const parts = value.split(".");
  const first = parts[0] ?? "";
  if (first === "not" && parts.length > 1) return true;
  if (first === "is" || first === "in") return true;
  if (COMPARISON_OPERATORS.has(first) || FULL_TEXT_OPERATORS.has(first)) return true;
  if (/^[a-z]+\((any|all)\)$/.test(first) && QUANTIFIABLE_OPERATORS.has(first.split("(")[0] ?? "")) return true;
  return FULL_TEXT_OPERATORS.has(value.split("(")[0] ?? "") && value.includes("(");
}

function parseFilter(key: string, value: string): Filter {
  const keyCursor = new Cursor(key, `tree path (${key})`);
  const path = [keyCursor.fieldName()];
  while (keyCursor.peek() === ".") {
    keyCursor.advance();
    path.push(keyCursor.fieldName());
  }
  if (keyCursor.peek("->")) throw notImplemented(`JSON paths in filters are not supported by the emulator (${key})`);
  keyCursor.expectEnd();
  if (path.length > 1) throw notEmbedded(path.slice(0, -1).join("."));
  const cursor = new Cursor(value, `filter (${value})`);
  const { negated, operation } = parseOperationExpression(cursor, "single");
  cursor.expectEnd();
  return { kind: "filter", column: path[0] ?? "", negated, operation };
}

function parseLogicParam(tree: string, value: string): Condition {
  const cursor = new Cursor(tree, `logic tree (${value})`);
  const condition = parseLogicTree(cursor);
  cursor.skipSpaces();
  cursor.expectEnd();
  return condition;
}

function parseLogicTree(cursor: Cursor): Condition {
  const start = cursor.position;
  const filter = cursor.attempt(() => parseLogicFilter(cursor));
  if (filter) return filter;
  cursor.position = start;
  const negated = cursor.consume("not.");
  let operator: "and" | "or";
  if (cursor.consume("and")) operator = "and";
  else if (cursor.consume("or")) operator = "or";
  else throw cursor.fail(negated ? "expecting logic operator (and, or)" : "expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)");
  cursor.skipSpaces();
  cursor.expect("(");
  const children: Condition[] = [];
  do {
    cursor.skipSpaces();
    children.push(parseLogicTree(cursor));
    cursor.skipSpaces();
  } while (cursor.consume(","));
  cursor.expect(")");
  return { kind: "logic", operator, negated, children };
}

function parseLogicFilter(cursor: Cursor): Filter {
  cursor.skipSpaces();
  const column = cursor.fieldName();
  if (cursor.peek("->")) throw notImplemented(`JSON paths in filters are not supported by the emulator (${column})`);
  cursor.skipSpaces();
  cursor.expect(".");
  const { negated, operation } = parseOperationExpression(cursor, "logic");
  return { kind: "filter", column, negated, operation };
}

/** `[not.]op.value`, `in.(a,"b,c")`, `is.null`, `fts(config).words`. In a logic tree a value ends at `,` or `)`. */
function parseOperationExpression(cursor: Cursor, context: "single" | "logic"): { negated: boolean; operation: Operation } {
  const negated = cursor.consume("not.");
  if (cursor.consume("in.")) {
    return { negated, operation: { kind: "in", values: parseList(cursor) } };
  }
  if (cursor.consume("is.")) {
    const match = /^(null|unknown|true|false)/i.exec(cursor.rest());
    if (!match?.[1]) throw cursor.fail("expecting null or trilean value (unknown, true, false)");
    cursor.advance(match[1].length);
    return { negated, operation: { kind: "is", value: match[1].toLowerCase() as "null" | "true" | "false" | "unknown" } };
  }
  const operatorStart = cursor.position;
  const dot = cursor.rest().indexOf(".");
  if (dot < 0) {
    cursor.advance(cursor.rest().length);
    throw cursor.fail("expecting delimiter (.)");
  }
  const operatorText = cursor.rest().slice(0, dot);
  const fullText = /^([a-z]+)(?:\(([^)]*)\))?$/.exec(operatorText);
  const name = fullText?.[1] ?? "";
  const modifier = fullText?.[2];
  cursor.advance(dot + 1);
  const value = () => (context === "single" ? cursor.takeRest() : parseLogicValue(cursor));
  if (FULL_TEXT_OPERATORS.has(name)) {
    const config = modifier?.trim();
    return { negated, operation: { kind: "fts", operator: name as FullTextOperator, config: config || undefined, value: value() } };
  }
  if (COMPARISON_OPERATORS.has(name) && modifier === undefined) {
    return { negated, operation: { kind: "compare", operator: name as ComparisonOperator, value: value() } };
  }
  if (QUANTIFIABLE_OPERATORS.has(name) && (modifier === "any" || modifier === "all")) {
    return { negated, operation: { kind: "compare", operator: name as ComparisonOperator, quantifier: modifier, value: value() } };
  }
  cursor.position = operatorStart + dot + 1;
  throw cursor.fail(`unknown single value operator ${operatorText}`);
}

/** `(a, "b,c", d)`: elements are raw text up to `,`/`)`, or double-quoted with backslash escapes. */
function parseList(cursor: Cursor): string[] {
  cursor.skipSpaces();
  cursor.expect("(");
  cursor.skipSpaces();
  const values: string[] = [];
  do {
    if (cursor.peek() === '"') {
      const quoted = cursor.quoted();
      if (cursor.peek() !== "," && cursor.peek() !== ")") throw cursor.fail('expecting "," or ")"');
      values.push(quoted);
    } else {
      values.push(cursor.takeUntil(",)"));
    }
  } while (cursor.consume(","));
  cursor.skipSpaces();
  cursor.expect(")");
  cursor.skipSpaces();
  return values;
}

function parseLogicValue(cursor: Cursor): string {
  if (cursor.peek() === '"') {
    const start = cursor.position;
    const quoted = cursor.quoted();
    if (cursor.peek() === "," || cursor.peek() === ")" || cursor.atEnd()) return quoted;
    cursor.position = start;
  }
  if (cursor.peek() === "{") {
    const close = cursor.rest().indexOf("}");
    const inner = cursor.rest().slice(1, close);
    if (close > 0 && !inner.includes("{")) {
      cursor.advance(close + 1);
      return `{${inner}}`;
    }
  }
  return cursor.takeUntil(",)");
}

/** `select=a,alias:b,*`. Embedded resources, aggregates, casts and JSON paths are refused explicitly. */
function parseSelect(select: string): SelectItem[] {
  const cursor = new Cursor(select, `select parameter (${select})`);
  const items: SelectItem[] = [];
  do {
    cursor.skipSpaces();
    items.push(parseSelectItem(cursor));
    cursor.skipSpaces();
  } while (cursor.consume(","));
  cursor.expectEnd();
  return items;
}

function parseSelectItem(cursor: Cursor): SelectItem {
  if (cursor.consume("*")) {
    if (cursor.peek() === "(" || cursor.peek() === "!") throw cursor.fail('expecting ")", "," or end of input');
    return { kind: "star" };
  }
  if (cursor.peek("..")) throw embeddingNotSupported(cursor);
  const first = cursor.fieldName();
  let alias: string | undefined;
  let column = first;
  if (cursor.peek() === ":" && !cursor.peek("::")) {
    cursor.advance();
    alias = first;
    if (cursor.peek("..")) throw embeddingNotSupported(cursor);
    column = cursor.fieldName();
  }
  if (cursor.peek() === "(" || cursor.peek() === "!") throw embeddingNotSupported(cursor, column);
  if (cursor.peek("->")) throw notImplemented(`JSON paths in select are not supported by the emulator (${column})`);
  if (cursor.peek("::")) throw notImplemented(`Casts in select are not supported by the emulator (${column})`);
  if (!cursor.atEnd() && cursor.peek() !== ",") throw cursor.fail('expecting letter, digit, "-", "->>", "->", "::", ")", "," or end of input');
  return alias === undefined ? { kind: "column", column } : { kind: "column", column, alias };
}

function embeddingNotSupported(cursor: Cursor, resource?: string): RestError {
  const what = resource ? `'${resource}(…)'` : "spread relations";
  return notImplemented(
    `Embedded resources and aggregates (${what} in select=${cursor.input}) are not supported by the emulator; query the related table separately`,
  );
}

/** `order=a.desc.nullslast,b` */
function parseOrder(order: string): OrderTerm[] {
  const cursor = new Cursor(order, `order (${order})`);
  const terms: OrderTerm[] = [];
  do {
    cursor.skipSpaces();
    const column = cursor.fieldName();
    if (cursor.peek() === "(") throw notEmbedded(column);
    if (cursor.peek("->")) throw notImplemented(`JSON paths in order are not supported by the emulator (${column})`);
    const term: OrderTerm = { column };
    if (cursor.consume(".asc")) term.direction = "asc";
    else if (cursor.consume(".desc")) term.direction = "desc";
    if (cursor.consume(".nullsfirst")) term.nulls = "first";
    else if (cursor.consume(".nullslast")) term.nulls = "last";
    cursor.skipSpaces();
    if (!cursor.atEnd() && cursor.peek() !== ",") {
      throw cursor.fail(term.direction || term.nulls ? 'expecting "," or end of input' : 'expecting "asc", "desc", "nullsfirst" or "nullslast"');
    }
    terms.push(term);
  } while (cursor.consume(","));
  return terms;
}

/** `columns="a","b"` and `on_conflict=a,b`. */
function parseColumnList(value: string, what: string): string[] {
  const cursor = new Cursor(value, `${what} (${value})`);
  const names: string[] = [];
  do {
    cursor.skipSpaces();
    names.push(cursor.fieldName());
    cursor.skipSpaces();
  } while (cursor.consume(","));
  cursor.expectEnd();
  return names;
}

/** A position in one parameter value; failures read like PostgREST's Parsec errors. */
class Cursor {
  position = 0;

  constructor(
    readonly input: string,
    private readonly what: string,
  ) {}

  atEnd(): boolean {
    return this.position >= this.input.length;
  }

  rest(): string {
    return this.input.slice(this.position);
  }

  peek(text?: string): string | boolean {
    if (text === undefined) return this.input[this.position] ?? "";
    return this.input.startsWith(text, this.position);
  }

  advance(count = 1): void {
    this.position += count;
  }

  consume(text: string): boolean {
    if (!this.input.startsWith(text, this.position)) return false;
    this.position += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.consume(text)) throw this.fail(`expecting "${text}"`);
  }

  expectEnd(): void {
    if (!this.atEnd()) throw this.fail('expecting "," or end of input');
  }

  skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.position += 1;
  }

  takeRest(): string {
    const rest = this.rest();
    this.position = this.input.length;
    return rest;
  }

  takeUntil(stops: string): string {
    const start = this.position;
    while (!this.atEnd() && !stops.includes(this.input[this.position] ?? "")) this.position += 1;
    return this.input.slice(start, this.position);
  }

  /** Runs a sub-parser; a parse failure rewinds and yields undefined, other errors pass through. */
  attempt<T>(parse: () => T): T | undefined {
    const start = this.position;
    try {
      return parse();
    } catch (error) {
      if (error instanceof RestError && error.code === "PGRST100") {
        this.position = start;
        return undefined;
      }
      throw error;
    }
  }

  /** `"double quoted"` with backslash escapes. */
  quoted(): string {
    this.expect('"');
    let text = "";
    while (!this.atEnd() && this.peek() !== '"') {
      if (this.peek() === "\\") this.position += 1;
      text += this.input[this.position] ?? "";
      this.position += 1;
    }
    this.expect('"');
    return text;
  }

  /** A quoted name, or identifier characters (letters, digits, `_`, `$`, space) joined by `-` not followed by `>`. */
  fieldName(): string {
    this.skipSpaces();
    if (this.peek() === '"') return this.quoted();
    const start = this.position;
    while (!this.atEnd()) {
      const char = this.input[this.position] ?? "";
      if (/[\p{L}\p{N}_$ ]/u.test(char)) this.position += 1;
      else if (char === "-" && this.input[this.position + 1] !== ">" && this.position > start) this.position += 1;
      else break;
    }
    const name = this.input.slice(start, this.position).trim();
    if (name === "") throw this.fail("expecting field name (* or [a..z0..9_$])");
    return name;
  }

  fail(expecting: string): RestError {
    const found = this.atEnd() ? "end of input" : JSON.stringify(this.input[this.position]);
    const details = expecting.startsWith("unknown") ? expecting : `unexpected ${found} ${expecting}`;
    return queryParamError(`"failed to parse ${this.what}" (line 1, column ${this.position + 1})`, details);
  }
}
