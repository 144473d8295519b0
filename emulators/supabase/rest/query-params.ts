import { RestError, negativeLimit, queryParamError } from "./errors.ts";

/** The query string of a PostgREST request, parsed the way PostgREST's QueryParams module does. */
export interface QueryParams {
  select: SelectItem[];
  /** Column filters and and/or trees of the top-level resource; all of them must hold. */
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
  /** Filters, trees, order and ranges of embedded resources (`rel.status=eq.x`, `rel.order=…`, `rel.limit=1`),
   *  each in query-string order: PostgREST applies them in that order, stage by stage. */
  embedded: EmbeddedParams;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are neither reserved nor filters: the arguments of a GET/HEAD RPC call. */
  args: Array<[name: string, value: string]>;
}

/** Parameters addressed to embedded resources by their path of names or aliases. */
export interface EmbeddedParams {
  filters: Array<{ path: string[]; condition: Filter }>;
  logic: Array<{ path: string[]; condition: LogicExpression }>;
  order: Array<{ path: string[]; terms: OrderTerm[] }>;
  ranges: Array<{ path: string[]; limit?: number; offset?: number }>;
}

/** `->key`, `->>key`, `->0`: an index keeps its sign ("+0", "-1") as PostgREST passes it to `::int`. */
export interface JsonOperation {
  arrow: "->" | "->>";
  operand: { kind: "key" | "index"; value: string };
}

export type JsonPath = JsonOperation[];

export type AggregateFunction = "count" | "sum" | "avg" | "min" | "max";

export type SelectItem =
  | { kind: "star" }
  | {
      kind: "column";
      /** `*` with `aggregate: "count"` is `count()`. */
      column: string;
      jsonPath?: JsonPath;
      alias?: string;
      cast?: string;
      aggregate?: AggregateFunction;
      aggregateCast?: string;
      /** The whole row (count() in a spread resource, counted in its parent). */
      wholeRow?: true;
    }
  | {
      kind: "embed";
      relation: string;
      alias?: string;
      /** `rel!hint(…)`: a foreign key name, a column, or a junction table. */
      hint?: string;
      joinType?: "inner" | "left";
      /** `...rel(…)`: the related columns join the parent's. */
      spread?: true;
      children: SelectItem[];
    };

export type ComparisonOperator =
  "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "match" | "imatch" | "cs" | "cd" | "ov" | "sl" | "sr" | "nxr" | "nxl" | "adj" | "isdistinct";

export type FullTextOperator = "fts" | "plfts" | "phfts" | "wfts";

export type Operation =
  | { kind: "compare"; operator: ComparisonOperator; quantifier?: "any" | "all"; value: string }
  | { kind: "in"; values: string[] }
  | { kind: "is"; value: "null" | "not_null" | "true" | "false" | "unknown" }
  | { kind: "fts"; operator: FullTextOperator; config?: string; value: string };

export interface Filter {
  kind: "filter";
  column: string;
  jsonPath?: JsonPath;
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
  jsonPath?: JsonPath;
  /** `order=rel(col)`: a column of a to-one embedded resource. */
  relation?: string;
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
}

const COMPARISON_OPERATORS = new Set<string>([
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "match",
  "imatch",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxr",
  "nxl",
  "adj",
  "isdistinct",
]);
/** Operators that accept the (any)/(all) quantifier with a {a,b} list. */
const QUANTIFIABLE_OPERATORS = new Set<string>(["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);
const FULL_TEXT_OPERATORS = new Set<string>(["fts", "plfts", "phfts", "wfts"]);
const RESERVED_EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);
const AGGREGATES: AggregateFunction[] = ["sum", "avg", "count", "max", "min"];

export function parseQueryParams(search: URLSearchParams): QueryParams {
  const params: QueryParams = {
    select: [{ kind: "star" }],
    conditions: [],
    order: [],
    offset: 0,
    embedded: { filters: [], logic: [], order: [], ranges: [] },
    args: [],
  };
  let rootOrder: OrderTerm[] | undefined;
  for (const [key, value] of search) {
    if (key === "select") {
      params.select = value === "" ? [{ kind: "star" }] : parseSelect(value);
    } else if (key === "columns") {
      params.columns = parseColumnList(value, "columns parameter");
    } else if (key === "on_conflict") {
      params.onConflict = parseColumnList(value, "on_conflict parameter");
    } else if (RESERVED_EMBEDDABLE.has(lastPathSegment(key))) {
      if (value === "") continue;
      const order = parseEmbeddableParam(key, value, params);
      // Of several order parameters for the same resource, PostgREST keeps the first.
      if (order) rootOrder ??= order;
    } else if (isFilter(key, value)) {
      const { path, filter } = parseFilter(key, value);
      if (path.length === 0) params.conditions.push(filter);
      else params.embedded.filters.push({ path, condition: filter });
    } else {
      params.args.push([key, value]);
    }
  }
  if (rootOrder) params.order = rootOrder;
  return params;
}

function lastPathSegment(key: string): string {
  return key.split(".").at(-1) ?? key;
}

/** An and/or tree, order, limit or offset, for the top level or an embedded resource. Returns a top-level order. */
function parseEmbeddableParam(key: string, value: string, params: QueryParams): OrderTerm[] | undefined {
  const segments = key.split(".");
  const name = segments.at(-1);
  if (name === "and" || name === "or") {
    const path = parsePath(key, "logic path")
      .filter((segment) => segment !== "not")
      .slice(0, -1);
    const negated = segments.includes("not");
    const tree = parseLogicParam(`${negated ? "not." : ""}${name}${value}`, value);
    if (path.length === 0) params.conditions.push(tree);
    else params.embedded.logic.push({ path, condition: tree as LogicExpression });
    return undefined;
  }
  const path = parsePath(key, "tree path").slice(0, -1);
  if (name === "order") {
    const terms = parseOrder(value);
    if (path.length === 0) return terms;
    params.embedded.order.push({ path, terms });
    return undefined;
  }
  const number = parseInteger(value);
  if (number === undefined) return undefined;
  if (path.length === 0) {
    if (name === "limit") {
      if (number < 0) throw negativeLimit();
      params.limit = number;
    } else if (number >= 0) {
      params.offset = number;
    }
    return undefined;
  }
  const samePath = (entry: { path: string[] }) => JSON.stringify(entry.path) === JSON.stringify(path);
  let range = params.embedded.ranges.find(samePath);
  if (!range) {
    range = { path };
    params.embedded.ranges.push(range);
  }
  if (name === "limit" && number >= 0) range.limit = number;
  else if (name === "offset" && number >= 0) range.offset = number;
  return undefined;
}

/** `a.b.c` as names; each may be quoted. */
function parsePath(key: string, what: string): string[] {
  const cursor = new Cursor(key, `failed to parse ${what} (${key})`);
  const path = [cursor.fieldName()];
  while (cursor.consume(".")) path.push(cursor.fieldName());
  return path;
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

/** `rel.col->a=op.value`: the embed path, then the column and its JSON path. Like PostgREST, anything after
 *  the JSON path in the key is ignored. */
function parseFilter(key: string, value: string): { path: string[]; filter: Filter } {
  const keyCursor = new Cursor(key, `failed to parse tree path (${key})`);
  const names = [keyCursor.fieldName()];
  while (keyCursor.consume(".")) names.push(keyCursor.fieldName());
  const jsonPath = keyCursor.jsonPath();
  const cursor = new Cursor(value, `failed to parse filter (${value})`);
  const { negated, operation } = parseOperationExpression(cursor, "single");
  cursor.expectEnd();
  const column = names.at(-1) ?? "";
  const filter: Filter = { kind: "filter", column, negated, operation };
  if (jsonPath.length > 0) filter.jsonPath = jsonPath;
  return { path: names.slice(0, -1), filter };
}

function parseLogicParam(tree: string, value: string): Condition {
  const cursor = new Cursor(tree, `failed to parse logic tree (${value})`);
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
  else
    throw cursor.fail(
      negated ? "expecting logic operator (and, or)" : "expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)",
    );
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
  const jsonPath = cursor.jsonPath();
  cursor.skipSpaces();
  cursor.expect(".");
  const { negated, operation } = parseOperationExpression(cursor, "logic");
  const filter: Filter = { kind: "filter", column, negated, operation };
  if (jsonPath.length > 0) filter.jsonPath = jsonPath;
  return filter;
}

/** `[not.]op.value`, `in.(a,"b,c")`, `is.null`, `fts(config).words`. In a logic tree a value ends at `,` or `)`. */
function parseOperationExpression(cursor: Cursor, context: "single" | "logic"): { negated: boolean; operation: Operation } {
  const negated = cursor.consume("not.");
  if (cursor.consume("in.")) {
    return { negated, operation: { kind: "in", values: parseList(cursor) } };
  }
  if (cursor.consume("is.")) {
    const match = /^(null|not_null|unknown|true|false)/i.exec(cursor.rest());
    if (!match?.[1]) throw cursor.fail("expecting isVal: (null, not_null, true, false, unknown)");
    cursor.advance(match[1].length);
    return { negated, operation: { kind: "is", value: match[1].toLowerCase() as "null" | "not_null" | "true" | "false" | "unknown" } };
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

const FIELD_END = 'expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input';

/** `select=a,alias:b->c::text,rel!hint!inner(*),...spread(x),total:amount.sum(),count()`. */
function parseSelect(select: string): SelectItem[] {
  const cursor = new Cursor(select, `failed to parse select parameter (${select})`);
  const items = parseSelectForest(cursor, false);
  cursor.skipSpaces();
  if (!cursor.atEnd()) throw cursor.fail(FIELD_END);
  return items;
}

function parseSelectForest(cursor: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  cursor.skipSpaces();
  if ((nested && cursor.peek() === ")") || cursor.atEnd()) return items;
  do {
    cursor.skipSpaces();
    items.push(parseSelectTree(cursor));
    cursor.skipSpaces();
  } while (cursor.consume(","));
  return items;
}

function parseSelectTree(cursor: Cursor): SelectItem {
  const start = cursor.position;
  const head = cursor.attempt(() => parseEmbedHead(cursor));
  if (!head) {
    cursor.position = start;
    return parseSelectField(cursor);
  }
  cursor.expect("(");
  const children = parseSelectForest(cursor, true);
  cursor.skipSpaces();
  if (!cursor.consume(")")) throw cursor.fail(FIELD_END);
  return { ...head, children };
}

type EmbedHead = Omit<Extract<SelectItem, { kind: "embed" }>, "children">;

/** `alias:rel!hint!inner` or `...rel!hint`, when a `(` follows; anything else is a field. */
function parseEmbedHead(cursor: Cursor): EmbedHead {
  cursor.skipSpaces();
  const head: EmbedHead = { kind: "embed", relation: "" };
  if (cursor.consume("...")) {
    head.relation = cursor.fieldName();
    head.spread = true;
  } else {
    const first = cursor.fieldName();
    if (cursor.peek() === ":" && !cursor.peek("::")) {
      cursor.advance();
      head.alias = first;
      head.relation = cursor.fieldName();
    } else {
      head.relation = first;
    }
    if (head.relation === "count") throw cursor.fail("expecting a relation");
  }
  for (let index = 0; index < 2 && cursor.consume("!"); index++) {
    if (cursor.consume("left")) head.joinType ??= "left";
    else if (cursor.consume("inner")) head.joinType ??= "inner";
    else head.hint ??= cursor.fieldName();
  }
  cursor.skipSpaces();
  if (cursor.peek() !== "(") throw cursor.fail('expecting "("');
  return head;
}

function parseSelectField(cursor: Cursor): SelectItem {
  cursor.skipSpaces();
  if (cursor.consume("*")) {
    cursor.skipSpaces();
    if (!isFieldEnd(cursor)) throw cursor.fail('expecting ")", "," or end of input');
    return { kind: "star" };
  }
  const start = cursor.position;
  let alias: string | undefined;
  const aliased = cursor.attempt(() => {
    const name = cursor.fieldName();
    if (cursor.peek() !== ":" || cursor.peek("::")) throw cursor.fail('expecting ":"');
    cursor.advance();
    return name;
  });
  if (aliased !== undefined) alias = aliased;
  else cursor.position = start;
  if (cursor.consume("count()")) {
    const item: SelectItem = { kind: "column", column: "*", aggregate: "count" };
    if (alias !== undefined) item.alias = alias;
    if (cursor.consume("::")) item.aggregateCast = cursor.identifier();
    cursor.skipSpaces();
    if (!isFieldEnd(cursor)) throw cursor.fail(FIELD_END);
    return item;
  }
  const column = cursor.fieldName();
  const jsonPath = cursor.jsonPath();
  const item: SelectItem = { kind: "column", column };
  if (jsonPath.length > 0) item.jsonPath = jsonPath;
  if (alias !== undefined) item.alias = alias;
  if (cursor.consume("::")) item.cast = cursor.identifier();
  const aggregateStart = cursor.position;
  if (cursor.consume(".")) {
    const aggregate = AGGREGATES.find((name) => cursor.consume(`${name}()`));
    if (aggregate) {
      item.aggregate = aggregate;
      if (cursor.consume("::")) item.aggregateCast = cursor.identifier();
    } else {
      cursor.position = aggregateStart;
    }
  }
  cursor.skipSpaces();
  if (!isFieldEnd(cursor)) throw cursor.fail(FIELD_END);
  return item;
}

function isFieldEnd(cursor: Cursor): boolean {
  return cursor.atEnd() || cursor.peek() === "," || cursor.peek() === ")";
}

/** `order=a.desc.nullslast,data->k,rel(col).asc` */
function parseOrder(order: string): OrderTerm[] {
  const cursor = new Cursor(order, `failed to parse order (${order})`);
  const terms: OrderTerm[] = [];
  do {
    cursor.skipSpaces();
    const name = cursor.fieldName();
    const term: OrderTerm = { column: name };
    if (cursor.consume("(")) {
      term.relation = name;
      cursor.skipSpaces();
      term.column = cursor.fieldName();
      const jsonPath = cursor.jsonPath();
      if (jsonPath.length > 0) term.jsonPath = jsonPath;
      cursor.skipSpaces();
      cursor.expect(")");
    } else {
      const jsonPath = cursor.jsonPath();
      if (jsonPath.length > 0) term.jsonPath = jsonPath;
    }
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
  const cursor = new Cursor(value, `failed to parse ${what} (${value})`);
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

  /** A type name after `::`: letters, digits, `_`, `$` and spaces (`double precision`), nothing else, so
   *  it can be written into SQL as it is. */
  identifier(): string {
    const match = /^[\p{L}\p{N}_$ ]+/u.exec(this.rest());
    const name = match?.[0].trim() ?? "";
    if (!match || name === "") throw this.fail("expecting letter or digit");
    this.advance(match[0].length);
    return name;
  }

  /** `->key`, `->>key`, `->1`, `->"quoted key"`, repeated. An index is one only when `->`, `::`, `.`, `,`
   *  or the end follows it; otherwise it is read as a key. */
  jsonPath(): JsonPath {
    const path: JsonPath = [];
    for (;;) {
      const arrow = this.peek("->>") ? "->>" : this.peek("->") ? "->" : undefined;
      if (!arrow) return path;
      this.advance(arrow.length);
      const index = /^(-?)(\d+)/.exec(this.rest());
      if (index) {
        const after = this.input.slice(this.position + index[0].length);
        if (after === "" || /^(->|::|\.|,)/.test(after)) {
          this.advance(index[0].length);
          path.push({ arrow, operand: { kind: "index", value: `${index[1] || "+"}${index[2]}` } });
          continue;
        }
        // A key cannot start with "-": a negative index must be one.
        if (index[1]) {
          this.advance(index[0].length);
          throw this.fail('expecting digit, "->", "::", ".", "," or end of input');
        }
      } else if (this.peek() === "-") {
        this.advance();
        throw this.fail("expecting digit");
      }
      path.push({ arrow, operand: { kind: "key", value: this.jsonKey() } });
    }
  }

  private jsonKey(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.position;
    while (!this.atEnd()) {
      const char = this.input[this.position] ?? "";
      if (!"(-:.,>)".includes(char)) this.position += 1;
      else if (char === "-" && this.input[this.position + 1] !== ">" && this.position > start) this.position += 1;
      else break;
    }
    const key = this.input.slice(start, this.position).trim();
    if (key === "") throw this.fail('expecting "-", digit or any non reserved character different from: .,>()');
    return key;
  }

  fail(expecting: string): RestError {
    const found = this.atEnd() ? "end of input" : JSON.stringify(this.input[this.position]);
    const details = expecting.startsWith("unknown") ? expecting : `unexpected ${found} ${expecting}`;
    return queryParamError(`"${this.what}" (line 1, column ${this.position + 1})`, details);
  }
}
