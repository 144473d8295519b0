import { columnNotInSchemaCache, undefinedColumn } from "./errors.ts";
import type { ComparisonOperator, Condition, Filter, OrderTerm, SelectItem } from "./query-params.ts";
import type { ColumnInfo, FunctionInfo, TableInfo } from "./schema-cache.ts";

/** One statement with its parameters, all sent as text and cast in SQL. Every statement answers one row:
 *  `total` (count of all matching rows, or null), `page_total` (rows in this response) and `body` (text). */
export interface SqlStatement {
  sql: string;
  params: string[];
}

/** How the response body is rendered: a JSON array, the single JSON object of .single(), or CSV. */
export interface BodyFormat {
  shape: "array" | "object" | "csv";
  stripNulls: boolean;
}

export interface ReadOptions {
  select: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
  count: boolean;
  format: BodyFormat;
}

export interface InsertOptions {
  /** Payload rows, already checked to be JSON objects. */
  rows: Array<Record<string, unknown>>;
  /** Columns to insert (the `columns` parameter, else the payload's keys), checked against the table. */
  columns: string[];
  /** Prefer: missing=default: keys absent from a row take the column default instead of null. */
  missingAsDefault: boolean;
  onConflict?: { columns: string[]; action: "merge" | "ignore" };
  /** Representation to return (`select=` with Prefer: return=representation), or undefined for none. */
  returning?: SelectItem[];
  format: BodyFormat;
}

export interface UpdateOptions {
  values: Record<string, unknown>;
  conditions: Condition[];
  returning?: SelectItem[];
  format: BodyFormat;
}

export interface DeleteOptions {
  conditions: Condition[];
  returning?: SelectItem[];
  format: BodyFormat;
}

export interface CallOptions {
  /** Named arguments, already matched against the function's parameters. */
  args: Record<string, unknown>;
  select: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
  count: boolean;
  format: BodyFormat;
}

/** Identifiers come from the catalog, never straight from the request, and are quoted like quote_ident. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const SCHEMA = quoteIdentifier("public");
const SOURCE = "pgrst_source";
const ROW = "_postgrest_t";

/** Collects parameters; each one is referenced as $n and cast where it is used. */
class Parameters {
  readonly values: string[] = [];

  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The columns a query may name, the SQL expression each one resolves to, and how to name the relation in errors. */
interface Relation {
  label: string;
  qualifier: string;
  columns: ColumnInfo[];
}

function relationOf(table: TableInfo, qualifier = quoteIdentifier(table.name)): Relation {
  return { label: table.name, qualifier, columns: table.columns };
}

function columnOf(relation: Relation, name: string): ColumnInfo {
  const column = relation.columns.find((candidate) => candidate.name === name);
  if (!column) throw undefinedColumn(relation.label, name);
  return column;
}

function columnReference(relation: Relation, name: string): string {
  return `${relation.qualifier}.${quoteIdentifier(columnOf(relation, name).name)}`;
}

export function buildRead(table: TableInfo, options: ReadOptions): SqlStatement {
  const params = new Parameters();
  const relation = relationOf(table);
  const from = `FROM ${SCHEMA}.${quoteIdentifier(table.name)}`;
  const where = whereClause(options.conditions, relation, params);
  const source =
    `SELECT ${selectList(options.select, relation)} ${from}${where}` +
    orderClause(options.order, relation) +
    limitClause(options.limit, options.offset);
  const total = options.count ? `(SELECT pg_catalog.count(*) ${from}${where})::int` : "NULL::int";
  return {
    sql:
      `WITH ${SOURCE} AS (${source}) ` +
      `SELECT ${total} AS total, pg_catalog.count(${ROW})::int AS page_total, ${bodyExpression(options.format)} AS body ` +
      `FROM (SELECT * FROM ${SOURCE}) ${ROW}`,
    params: params.values,
  };
}

export function buildInsert(table: TableInfo, options: InsertOptions): SqlStatement {
  const params = new Parameters();
  const tableName = `${SCHEMA}.${quoteIdentifier(table.name)}`;
  for (const column of options.columns) writableColumn(table, column);
  const body = params.add(JSON.stringify(options.rows));
  // An INSERT needs at least one column; with none given, every row takes the first column's default.
  const columns = options.columns.length > 0 ? options.columns : [table.columns[0]?.name ?? ""];
  const columnList = columns.map(quoteIdentifier).join(", ");
  const hasGaps = options.rows.some((row) => columns.some((column) => !(column in row)));
  let insert: string;
  if (options.rows.length > 0 && hasGaps && (options.missingAsDefault || options.columns.length === 0)) {
    // Absent keys become DEFAULT, which only a VALUES list can express per row.
    const tuples = options.rows.map((row, index) => {
      const cells = columns.map((column) =>
        column in row
          ? `(json_populate_record(NULL::${tableName}, ${body}::json -> ${index})).${quoteIdentifier(column)}`
          : "DEFAULT",
      );
      return `(${cells.join(", ")})`;
    });
    insert = `INSERT INTO ${tableName} (${columnList}) VALUES ${tuples.join(", ")}`;
  } else {
    // Keys absent from a row are null here, as in PostgREST without Prefer: missing=default.
    insert =
      `INSERT INTO ${tableName} (${columnList}) ` +
      `SELECT ${columns.map((column) => `pgrst_body.${quoteIdentifier(column)}`).join(", ")} ` +
      `FROM json_populate_recordset(NULL::${tableName}, ${body}::json) pgrst_body`;
  }
  if (options.onConflict) {
    const target = options.onConflict.columns.map((column) => quoteIdentifier(writableColumn(table, column)));
    const merge = options.onConflict.action === "merge" && options.columns.length > 0;
    insert +=
      ` ON CONFLICT (${target.join(", ")}) ` +
      (merge
        ? `DO UPDATE SET ${options.columns.map((column) => `${quoteIdentifier(column)} = EXCLUDED.${quoteIdentifier(column)}`).join(", ")}`
        : "DO NOTHING");
  }
  return mutation(table, insert, options.returning, options.format, params);
}

export function buildUpdate(table: TableInfo, options: UpdateOptions): SqlStatement {
  const params = new Parameters();
  const tableName = `${SCHEMA}.${quoteIdentifier(table.name)}`;
  const columns = Object.keys(options.values).map((column) => writableColumn(table, column));
  const relation = relationOf(table);
  const where = whereClause(options.conditions, relation, params);
  if (columns.length === 0) {
    // Nothing to set: PostgREST answers with no rows instead of an invalid UPDATE.
    const returning = options.returning ? selectList(options.returning, relation) : "1";
    const body = options.returning ? bodyExpression(options.format) : "''";
    return withSource(`SELECT ${returning} FROM ${tableName} WHERE false`, { rows: `SELECT * FROM ${SOURCE}`, body }, params);
  }
  const body = params.add(JSON.stringify(options.values));
  const update =
    `UPDATE ${tableName} SET ${columns.map((column) => `${quoteIdentifier(column)} = pgrst_body.${quoteIdentifier(column)}`).join(", ")} ` +
    `FROM (SELECT * FROM json_populate_record(NULL::${tableName}, ${body}::json)) pgrst_body${where}`;
  return mutation(table, update, options.returning, options.format, params);
}

export function buildDelete(table: TableInfo, options: DeleteOptions): SqlStatement {
  const params = new Parameters();
  const relation = relationOf(table);
  const where = whereClause(options.conditions, relation, params);
  const remove = `DELETE FROM ${SCHEMA}.${quoteIdentifier(table.name)}${where}`;
  return mutation(table, remove, options.returning, options.format, params);
}

export function buildCall(fn: FunctionInfo, options: CallOptions): SqlStatement {
  const params = new Parameters();
  const names = Object.keys(options.args);
  const args = names.map((name) => {
    const param = fn.params.find((candidate) => candidate.name === name);
    if (!param) throw new Error(`argument ${name} was not matched to ${fn.name}`);
    return param;
  });
  const call = `${SCHEMA}.${quoteIdentifier(fn.name)}(${args
    .map((param) => `${quoteIdentifier(param.name)} => pgrst_body.${quoteIdentifier(param.name)}`)
    .join(", ")})`;
  const body =
    args.length > 0
      ? `json_to_record(${params.add(JSON.stringify(options.args))}::json) AS pgrst_body(${args
          .map((param) => `${quoteIdentifier(param.name)} ${param.type}`)
          .join(", ")}), LATERAL `
      : "";
  const returns = fn.returns;
  const relation: Relation = {
    label: "pgrst_call",
    qualifier: "pgrst_call",
    columns: returns.kind === "composite" ? returns.columns : [],
  };
  const from =
    returns.kind === "composite"
      ? `FROM ${body}${call} pgrst_call`
      : `FROM ${body}(SELECT ${call} AS pgrst_scalar) pgrst_call`;
  const list = returns.kind === "composite" ? selectList(options.select, relation) : "pgrst_call.pgrst_scalar";
  const everything =
    `SELECT ${list} ${from}${whereClause(options.conditions, relation, params)}` + orderClause(options.order, relation);
  const page = `SELECT * FROM pgrst_result${limitClause(options.limit, options.offset)}`;
  const total = options.count ? "(SELECT pg_catalog.count(*) FROM pgrst_result)::int" : "NULL::int";
  return {
    sql:
      `WITH pgrst_result AS (${everything}), ${SOURCE} AS (${page}) ` +
      `SELECT ${total} AS total, pg_catalog.count(${ROW})::int AS page_total, ${callBodyExpression(fn, options.format)} AS body ` +
      `FROM (SELECT * FROM ${SOURCE}) ${ROW}`,
    params: params.values,
  };
}

function writableColumn(table: TableInfo, name: string): string {
  if (!table.columns.some((column) => column.name === name)) throw columnNotInSchemaCache(table.name, name);
  return name;
}

/** Wraps INSERT/UPDATE/DELETE in PostgREST's CTE. Without a representation it returns `1` per row, so
 *  no SELECT privilege or policy is needed; with one, RETURNING the rows makes SELECT policies apply. */
function mutation(
  table: TableInfo,
  statement: string,
  returning: SelectItem[] | undefined,
  format: BodyFormat,
  params: Parameters,
): SqlStatement {
  if (!returning) return withSource(`${statement} RETURNING 1`, { rows: `SELECT * FROM ${SOURCE}`, body: "''" }, params);
  const rows = `SELECT ${selectList(returning, relationOf(table, SOURCE))} FROM ${SOURCE}`;
  return withSource(`${statement} RETURNING ${quoteIdentifier(table.name)}.*`, { rows, body: bodyExpression(format) }, params);
}

function withSource(source: string, output: { rows: string; body: string }, params: Parameters): SqlStatement {
  return {
    sql:
      `WITH ${SOURCE} AS (${source}) ` +
      `SELECT NULL::int AS total, pg_catalog.count(${ROW})::int AS page_total, ${output.body} AS body ` +
      `FROM (${output.rows}) ${ROW}`,
    params: params.values,
  };
}

function selectList(items: SelectItem[], relation: Relation): string {
  return items
    .map((item) => {
      if (item.kind === "star") return `${relation.qualifier}.*`;
      const reference = columnReference(relation, item.column);
      return item.alias === undefined ? reference : `${reference} AS ${quoteIdentifier(item.alias)}`;
    })
    .join(", ");
}

function bodyExpression(format: BodyFormat): string {
  const row = format.stripNulls ? `json_strip_nulls(row_to_json(${ROW}))` : ROW;
  switch (format.shape) {
    case "array":
      return `coalesce(json_agg(${row}), '[]')::text`;
    case "object":
      return `coalesce((json_agg(${row}) -> 0)::text, '')`;
    case "csv":
      return csvExpression();
  }
}

/** PostgREST's CSV: a header from the first row's keys, then each row's record text without parentheses. */
function csvExpression(): string {
  const header =
    `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k ` +
    `FROM (SELECT row_to_json(hh) AS r FROM ${SOURCE} AS hh LIMIT 1) s) a)`;
  const rows = `coalesce(string_agg(substring(${ROW}::text, 2, length(${ROW}::text) - 2), E'\\n'), '')`;
  return `${header} || E'\\n' || ${rows}`;
}

function callBodyExpression(fn: FunctionInfo, format: BodyFormat): string {
  const returns = fn.returns;
  if (returns.kind === "void") return "''";
  if (returns.kind === "composite") {
    if (format.shape !== "array" || returns.setOf) return bodyExpression(format);
    return `coalesce((json_agg(${format.stripNulls ? `json_strip_nulls(row_to_json(${ROW}))` : ROW}) -> 0)::text, 'null')`;
  }
  const scalar = `${ROW}.pgrst_scalar`;
  if (returns.setOf && format.shape === "array") return `coalesce(json_agg(${scalar}), '[]')::text`;
  return `coalesce((json_agg(${scalar}) -> 0)::text, 'null')`;
}

function whereClause(conditions: Condition[], relation: Relation, params: Parameters): string {
  if (conditions.length === 0) return "";
  return ` WHERE ${conditions.map((condition) => conditionSql(condition, relation, params)).join(" AND ")}`;
}

function conditionSql(condition: Condition, relation: Relation, params: Parameters): string {
  if (condition.kind === "logic") {
    const joined = condition.children
      .map((child) => conditionSql(child, relation, params))
      .join(condition.operator === "and" ? " AND " : " OR ");
    return `${condition.negated ? "NOT " : ""}(${joined})`;
  }
  const sql = filterSql(condition, relation, params);
  return condition.negated ? `NOT (${sql})` : sql;
}

const SQL_OPERATORS: Record<ComparisonOperator, string> = {
  eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=", like: "LIKE", ilike: "ILIKE", match: "~",
  imatch: "~*", cs: "@>", cd: "<@", ov: "&&", sl: "<<", sr: ">>", nxr: "&<", nxl: "&>", adj: "-|-",
  isdistinct: "IS DISTINCT FROM",
};

const TEXT_PATTERN_OPERATORS = new Set<ComparisonOperator>(["like", "ilike", "match", "imatch"]);

function filterSql(filter: Filter, relation: Relation, params: Parameters): string {
  const column = columnOf(relation, filter.column);
  const reference = `${relation.qualifier}.${quoteIdentifier(column.name)}`;
  const operation = filter.operation;
  switch (operation.kind) {
    case "is":
      return `${reference} IS ${operation.value.toUpperCase()}`;
    case "in": {
      const values = operation.values;
      if (values.length === 1 && values[0] === "") return "false";
      return `${reference} IN (${values.map((value) => `${params.add(value)}::${column.type}`).join(", ")})`;
    }
    case "fts": {
      const fn = { fts: "to_tsquery", plfts: "plainto_tsquery", phfts: "phraseto_tsquery", wfts: "websearch_to_tsquery" }[operation.operator];
      const config = operation.config === undefined ? "" : `${params.add(operation.config)}::regconfig, `;
      const document = column.type === "tsvector" ? reference : `to_tsvector(${config}${reference})`;
      return `${document} @@ ${fn}(${config}${params.add(operation.value)})`;
    }
    case "compare": {
      const operator = SQL_OPERATORS[operation.operator];
      const isPattern = TEXT_PATTERN_OPERATORS.has(operation.operator);
      // PostgREST lets `*` stand for `%` in like patterns, so URLs need no percent-encoding.
      const value = operation.operator === "like" || operation.operator === "ilike" ? operation.value.replaceAll("*", "%") : operation.value;
      const type = isPattern ? "text" : column.type;
      if (operation.quantifier) {
        const list = operation.operator === "like" || operation.operator === "ilike" ? value : operation.value;
        return `${reference} ${operator} ${operation.quantifier.toUpperCase()}(${params.add(list)}::${type}[])`;
      }
      return `${reference} ${operator} ${params.add(value)}::${type}`;
    }
  }
}

function orderClause(order: OrderTerm[], relation: Relation): string {
  if (order.length === 0) return "";
  const terms = order.map((term) => {
    let sql = columnReference(relation, term.column);
    if (term.direction) sql += term.direction === "asc" ? " ASC" : " DESC";
    if (term.nulls) sql += term.nulls === "first" ? " NULLS FIRST" : " NULLS LAST";
    return sql;
  });
  return ` ORDER BY ${terms.join(", ")}`;
}

function limitClause(limit: number | undefined, offset: number): string {
  const checked = (value: number) => {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`invalid row count ${value}`);
    return value;
  };
  return (limit === undefined ? "" : ` LIMIT ${checked(limit)}`) + (offset > 0 ? ` OFFSET ${checked(offset)}` : "");
}
