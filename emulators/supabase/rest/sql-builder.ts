import { columnNotInSchemaCache } from "./errors.ts";
import type { AggregateFunction, ComparisonOperator, Condition, Filter, JsonPath } from "./query-params.ts";
import type { HoistedAggregate, PlanCondition, PlanOrder, ReadNode, SelectField } from "./read-plan.ts";
import type { ColumnInfo, FunctionInfo, TableInfo } from "./schema-cache.ts";
import { quoteIdentifier } from "./sql-identifiers.ts";

export { quoteIdentifier } from "./sql-identifiers.ts";

/** One statement with its parameters, all sent as text and cast in SQL. Every statement answers one row:
 *  `total` (count of all matching rows, or null), `page_total` (rows in this response), `body` (text) and
 *  `inserted` (rows an upsert inserted, or null). */
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
  /** Count every matching row, or (estimated) up to this many. */
  count: false | { limit?: number };
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
  /** PUT: the row must match these primary key filters, or nothing is written. */
  putConditions?: Condition[];
  /** The representation to return (over the inserted rows), or undefined for none. */
  returning?: ReadNode;
  format: BodyFormat;
}

export interface UpdateOptions {
  values: Record<string, unknown>;
  conditions: Condition[];
  returning?: ReadNode;
  format: BodyFormat;
}

export interface DeleteOptions {
  conditions: Condition[];
  returning?: ReadNode;
  format: BodyFormat;
}

export interface CallOptions {
  /** Named arguments, already matched against the function's parameters. */
  args: Record<string, unknown>;
  /** The read over the function's result (pgrst_source). */
  plan: ReadNode;
  count: boolean;
  format: BodyFormat;
}

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

const qualifiedName = (table: { schema: string; name: string }) => `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;

export function buildRead(plan: ReadNode, options: ReadOptions): SqlStatement {
  const params = new Parameters();
  const source = nodeQuery(plan, params);
  const limit = options.count && options.count.limit !== undefined ? ` LIMIT ${options.count.limit}` : "";
  const counted = options.count ? `, pgrst_source_count AS (${countQuery(plan, params)}${limit})` : "";
  const total = options.count ? "(SELECT pg_catalog.count(*) FROM pgrst_source_count)::int" : "NULL::int";
  return {
    sql:
      `WITH ${SOURCE} AS (${source})${counted} ` +
      `SELECT ${total} AS total, pg_catalog.count(${ROW})::int AS page_total, ${bodyExpression(options.format)} AS body, ` +
      `NULL::int AS inserted FROM (SELECT * FROM ${SOURCE}) ${ROW}`,
    params: params.values,
  };
}

export function buildInsert(table: TableInfo, options: InsertOptions): SqlStatement {
  const params = new Parameters();
  const tableName = qualifiedName(table);
  for (const column of options.columns) writableColumn(table, column);
  const body = params.add(JSON.stringify(options.rows));
  // An INSERT needs at least one column; with none given, every row takes the first column's default.
  const columns = options.columns.length > 0 ? options.columns : [table.columns[0]?.name ?? ""];
  const columnList = columns.map(quoteIdentifier).join(", ");
  const hasGaps = options.rows.some((row) => columns.some((column) => !(column in row)));
  const merge = options.onConflict?.action === "merge" && options.columns.length > 0;
  // Counts the rows a conflict turned into updates (-1 each, always true), as PostgREST's pgrst.inserted does;
  // the rows written less those are the rows an upsert created.
  const countUpdate = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) IS NOT NULL`;
  let insert: string;
  if (options.rows.length > 0 && hasGaps && (options.missingAsDefault || options.columns.length === 0)) {
    // Absent keys become DEFAULT, which only a VALUES list can express per row.
    const tuples = options.rows.map((row, index) => {
      const cells = columns.map((column) =>
        column in row ? `(json_populate_record(NULL::${tableName}, ${body}::json -> ${index})).${quoteIdentifier(column)}` : "DEFAULT",
      );
      return `(${cells.join(", ")})`;
    });
    insert = `INSERT INTO ${tableName} (${columnList}) VALUES ${tuples.join(", ")}`;
  } else {
    // Keys absent from a row are null here, as in PostgREST without Prefer: missing=default.
    const relation = relationFor(table, "pgrst_body");
    const where = (options.putConditions ?? []).map((condition) => conditionSql(condition, relation, params));
    insert =
      `INSERT INTO ${tableName} (${columnList}) ` +
      `SELECT ${columns.map((column) => `pgrst_body.${quoteIdentifier(column)}`).join(", ")} ` +
      `FROM json_populate_recordset(NULL::${tableName}, ${body}::json) pgrst_body` +
      (where.length > 0 ? ` WHERE ${where.join(" AND ")}` : "");
  }
  if (options.onConflict) {
    const target = options.onConflict.columns.map((column) => quoteIdentifier(writableColumn(table, column)));
    insert +=
      ` ON CONFLICT (${target.join(", ")}) ` +
      (merge
        ? `DO UPDATE SET ${options.columns.map((column) => `${quoteIdentifier(column)} = EXCLUDED.${quoteIdentifier(column)}`).join(", ")} WHERE ${countUpdate}`
        : "DO NOTHING");
  }
  const inserted = merge
    ? `((SELECT pg_catalog.count(*) FROM ${SOURCE})::int + coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0))`
    : "NULL::int";
  return mutation(table, insert, options.returning, options.format, params, inserted);
}

export function buildUpdate(table: TableInfo, options: UpdateOptions): SqlStatement {
  const params = new Parameters();
  const tableName = qualifiedName(table);
  const columns = Object.keys(options.values).map((column) => writableColumn(table, column));
  const where = whereClause(options.conditions, relationFor(table), params);
  if (columns.length === 0) {
    // Nothing to set: PostgREST answers with no rows instead of an invalid UPDATE.
    const returned = options.returning
      ? returningColumns(options.returning, table).map((column) => (column === "*" ? "*" : quoteIdentifier(column)))
      : ["NULL"];
    return mutationOver(`SELECT ${returned.join(", ")} FROM ${tableName} WHERE false`, options.returning, options.format, params, "NULL::int");
  }
  const body = params.add(JSON.stringify(options.values));
  const update =
    `UPDATE ${tableName} SET ${columns.map((column) => `${quoteIdentifier(column)} = pgrst_body.${quoteIdentifier(column)}`).join(", ")} ` +
    `FROM (SELECT * FROM json_populate_record(NULL::${tableName}, ${body}::json)) pgrst_body${where}`;
  return mutation(table, update, options.returning, options.format, params, "NULL::int");
}

export function buildDelete(table: TableInfo, options: DeleteOptions): SqlStatement {
  const params = new Parameters();
  const where = whereClause(options.conditions, relationFor(table), params);
  const remove = `DELETE FROM ${qualifiedName(table)}${where}`;
  return mutation(table, remove, options.returning, options.format, params, "NULL::int");
}

export function buildCall(fn: FunctionInfo, options: CallOptions): SqlStatement {
  const params = new Parameters();
  const names = Object.keys(options.args);
  const args = names.map((name) => {
    const param = fn.params.find((candidate) => candidate.name === name);
    if (!param) throw new Error(`argument ${name} was not matched to ${fn.name}`);
    return param;
  });
  const call = `${qualifiedName(fn)}(${args.map((param) => `${quoteIdentifier(param.name)} => pgrst_body.${quoteIdentifier(param.name)}`).join(", ")})`;
  const body =
    args.length > 0
      ? `json_to_record(${params.add(JSON.stringify(options.args))}::json) AS pgrst_body(${args
          .map((param) => `${quoteIdentifier(param.name)} ${param.type}`)
          .join(", ")}), LATERAL `
      : "";
  const source =
    fn.returns.kind === "composite"
      ? `SELECT pgrst_call.* FROM ${body}${call} pgrst_call`
      : `SELECT pgrst_call.pgrst_scalar FROM ${body}(SELECT ${call} AS pgrst_scalar) pgrst_call`;
  const read = nodeQuery(options.plan, params);
  const counted = options.count ? `, pgrst_source_count AS (${countQuery(options.plan, params)})` : "";
  const total = options.count ? "(SELECT pg_catalog.count(*) FROM pgrst_source_count)::int" : "NULL::int";
  return {
    sql:
      `WITH ${SOURCE} AS (${source})${counted} ` +
      `SELECT ${total} AS total, pg_catalog.count(${ROW})::int AS page_total, ${callBodyExpression(fn, options.format)} AS body, ` +
      `NULL::int AS inserted FROM (${read}) ${ROW}`,
    params: params.values,
  };
}

/** The planner's estimate of the rows a read matches (count=planned, and estimated past max-rows): EXPLAIN of
 *  PostgREST's count query; its answer's first plan has "Plan Rows". */
export function buildCountEstimate(plan: ReadNode): SqlStatement {
  const params = new Parameters();
  return { sql: `EXPLAIN (FORMAT JSON) ${countQuery(plan, params)}`, params: params.values };
}

/** The columns a function call's result offers to select, filter and order: a composite's, or its scalar. */
export function callResultTable(fn: FunctionInfo): { name: string; columns: ColumnInfo[] } {
  if (fn.returns.kind === "composite") return { name: fn.returns.table ?? fn.name, columns: fn.returns.columns };
  return { name: fn.name, columns: [{ name: "pgrst_scalar", type: "text" }] };
}

function writableColumn(table: TableInfo, name: string): string {
  if (!table.columns.some((column) => column.name === name)) throw columnNotInSchemaCache(table.name, name);
  return name;
}

/** Wraps INSERT/UPDATE/DELETE in PostgREST's CTE. Without a representation it returns `1` per row, so
 *  no SELECT privilege or policy is needed; with one, RETURNING the needed columns makes SELECT policies apply. */
function mutation(
  table: TableInfo,
  statement: string,
  returning: ReadNode | undefined,
  format: BodyFormat,
  params: Parameters,
  inserted: string,
): SqlStatement {
  if (!returning) return mutationOver(`${statement} RETURNING 1`, undefined, format, params, inserted);
  const columns = returningColumns(returning, table).map((column) =>
    column === "*" ? `${qualifiedName(table)}.*` : `${qualifiedName(table)}.${quoteIdentifier(column)}`,
  );
  return mutationOver(`${statement} RETURNING ${columns.join(", ")}`, returning, format, params, inserted);
}

function mutationOver(source: string, returning: ReadNode | undefined, format: BodyFormat, params: Parameters, inserted: string): SqlStatement {
  const rows = returning ? nodeQuery(returning, params) : `SELECT * FROM ${SOURCE}`;
  const body = returning ? bodyExpression(format) : "''";
  return {
    sql:
      `WITH ${SOURCE} AS (${source}) ` +
      `SELECT NULL::int AS total, pg_catalog.count(${ROW})::int AS page_total, ${body} AS body, ${inserted} AS inserted ` +
      `FROM (${rows}) ${ROW}`,
    params: params.values,
  };
}

/** What RETURNING needs for the representation: `*` when selected, else the selected columns, the columns
 *  embedded resources join on, and the primary key. */
function returningColumns(plan: ReadNode, table: TableInfo): string[] {
  if (plan.select.some((item) => item.kind === "star") || (plan.select.length === 0 && plan.children.length === 0)) return ["*"];
  const names = new Set<string>();
  for (const item of plan.select) if (item.kind === "column" && item.column !== "*") names.add(item.column);
  for (const child of plan.children) {
    const cardinality = child.relationship?.cardinality;
    if (!cardinality) continue;
    const pairs = cardinality.kind === "many-to-many" ? cardinality.junction.sourceColumns : cardinality.columns;
    for (const [own] of pairs) names.add(own);
  }
  for (const column of table.primaryKey) names.add(column);
  return [...names].filter((name) => table.columns.some((column) => column.name === name));
}

// Reads -------------------------------------------------------------------------------------------------

/** The columns a filter or order may name on one relation, and how to qualify them. */
interface Relation {
  qualifier: string;
  columns: ColumnInfo[];
}

function relationFor(table: TableInfo, qualifier = qualifiedName(table)): Relation {
  return { qualifier, columns: table.columns };
}

const nodeRelation = (node: ReadNode): Relation => ({ qualifier: node.qualifier, columns: node.table.columns });

/**
 * One resource's SELECT: its columns, then one column per embedded resource from a lateral subquery (a JSON
 * object for to-one, a JSON array for to-many), its filters and join conditions, grouping, order and range.
 */
function nodeQuery(node: ReadNode, params: Parameters): string {
  // Postgres reads FROM (the lateral subqueries) before the select list, so errors surface in that order.
  const joins = node.children.map((child) => joinSql(child, params));
  const fields = expandStars(node);
  const own = fields.length === 0 && node.children.length === 0 ? [`${node.qualifier}.*`] : fields.map((field) => selectFieldSql(node, field));
  const embedded = node.children.flatMap((child) => joinSelects(child, node));
  const relation = nodeRelation(node);
  const where = [...node.conditions.map((condition) => planConditionSql(condition, relation, params)), ...node.joinConditions];
  const group = aggregates(node) ? groupClause(node, fields) : "";
  return (
    `SELECT ${[...own, ...embedded].join(", ")} FROM ${node.from}` +
    (node.alias === undefined ? "" : ` AS ${quoteIdentifier(node.alias)}`) +
    (node.junction ? `, ${node.junction}` : "") +
    joins.join("") +
    (where.length > 0 ? ` WHERE ${where.join(" AND ")}` : "") +
    group +
    orderClause(node.order, relation) +
    limitClause(node.limit, node.offset)
  );
}

/** The name an embedded resource answers under. */
const embedName = (node: ReadNode) => node.relAlias ?? node.relName;

/** `rel()` and resources that select nothing, all the way down, add no key. */
function isEmptyEmbed(node: ReadNode): boolean {
  return node.select.length === 0 && node.children.every(isEmptyEmbed);
}

function isToOneNode(node: ReadNode): boolean {
  const kind = node.relationship?.cardinality.kind;
  return kind === "many-to-one" || kind === "one-to-one";
}

function joinSql(child: ReadNode, params: Parameters): string {
  const alias = quoteIdentifier(child.aggAlias);
  const join = child.joinType === "inner" ? "INNER" : "LEFT";
  const subquery = nodeQuery(child, params);
  if (isToOneNode(child)) return ` ${join} JOIN LATERAL ( ${subquery} ) AS ${alias} ON TRUE`;
  const aggregate = [`json_agg(${alias})::jsonb AS ${alias}`];
  if (child.spread === "to-many") {
    // Each spread column becomes an array, in the order of the embedded resource's rows.
    for (const name of spreadNames(child)) {
      aggregate.push(`COALESCE(json_agg(${alias}.${quoteIdentifier(name)}),'[]')::jsonb AS ${quoteIdentifier(name)}`);
    }
  }
  const condition = child.joinType === "inner" ? `${alias} IS NOT NULL` : "TRUE";
  return ` ${join} JOIN LATERAL ( SELECT ${aggregate.join(", ")} FROM (${subquery} ) AS ${alias} ) AS ${alias} ON ${condition}`;
}

/** The aggregates a resource applies to a spread child's columns: the child's hoisted ones, unless the resource
 *  is a to-one spread itself and passes them further up. */
function appliedAggregates(child: ReadNode, parent: ReadNode): Map<string, HoistedAggregate> {
  return parent.spread === "to-one" ? new Map() : (child.hoisted ?? new Map());
}

function joinSelects(child: ReadNode, parent: ReadNode): string[] {
  const alias = quoteIdentifier(child.aggAlias);
  if (child.spread) {
    const applied = appliedAggregates(child, parent);
    return spreadNames(child).map((name) => {
      const column = name === "*" ? `${alias}.*` : `${alias}.${quoteIdentifier(name)}`;
      const hoisted = applied.get(name);
      if (!hoisted) return column;
      const sql = aggregateSql(hoisted.aggregate, column, hoisted.aggregateCast);
      return hoisted.alias === undefined ? sql : `${sql} AS ${quoteIdentifier(hoisted.alias)}`;
    });
  }
  if (isEmptyEmbed(child)) return [];
  if (isToOneNode(child)) return [`row_to_json(${alias}.*)::jsonb AS ${quoteIdentifier(embedName(child))}`];
  return [`COALESCE( ${alias}.${alias}, '[]') AS ${quoteIdentifier(embedName(child))}`];
}

/** The columns a spread resource adds to its parent: its own fields' names, its embeds', and nested spreads'. */
function spreadNames(node: ReadNode): string[] {
  const names = expandStars(node).map((field) => (field.kind === "star" ? "*" : (outputName(field) ?? field.column)));
  for (const child of node.children) {
    if (child.spread) names.push(...spreadNames(child));
    else names.push(embedName(child));
  }
  return names;
}

/** Whether a resource's SELECT aggregates: its own columns, or spread children's it applies. */
function aggregates(node: ReadNode): boolean {
  const own = node.select.some((field) => field.kind === "column" && field.aggregate !== undefined);
  return own || node.children.some((child) => child.spread !== undefined && appliedAggregates(child, node).size > 0);
}

/** `*` is written out as the table's columns where aggregates are grouped by them (and in to-many spreads). */
function expandStars(node: ReadNode): SelectField[] {
  if (!node.expandStar) return node.select;
  return node.select.flatMap((field): SelectField[] =>
    field.kind === "star" ? node.table.columns.map((column) => ({ kind: "column", column: column.name })) : [field],
  );
}

/** The name a field answers under when it is not its column's: an alias, or the last key of a JSON path. */
function outputName(field: Extract<SelectField, { kind: "column" }>): string | undefined {
  if (field.alias !== undefined) return field.alias;
  const path = field.jsonPath;
  if (!path || path.length === 0) return undefined;
  const last = path.at(-1);
  if (last?.operand.kind === "key") return last.operand.value;
  const lastKey = [...path].reverse().find((operation) => operation.operand.kind === "key");
  return lastKey?.operand.value ?? field.column;
}

function aggregateSql(aggregate: AggregateFunction, sql: string, cast: string | undefined): string {
  const applied = `${aggregate.toUpperCase()}(${sql})`;
  return cast === undefined ? applied : `CAST( ${applied} AS ${cast} )`;
}

function selectFieldSql(node: ReadNode, field: SelectField): string {
  if (field.kind === "star") return `${node.qualifier}.*`;
  const relation = nodeRelation(node);
  let sql: string;
  if (field.wholeRow) sql = quoteIdentifier(node.alias ?? node.table.name);
  else if (field.column === "*") sql = `${node.qualifier}.*`;
  else sql = fieldExpression(relation, field.column, field.jsonPath).sql;
  if (field.cast !== undefined) sql = `CAST( ${sql} AS ${field.cast} )`;
  if (field.aggregate !== undefined) sql = aggregateSql(field.aggregate, sql, field.aggregateCast);
  const name = outputName(field);
  return name === undefined ? sql : `${sql} AS ${quoteIdentifier(name)}`;
}

/** Grouping by every selected column that is not aggregated (by its alias when it has one), by every embedded
 *  resource, and by spread children's columns that are not aggregated. */
function groupClause(node: ReadNode, fields: SelectField[]): string {
  const terms: string[] = [];
  for (const field of fields) {
    if (field.kind === "star") continue;
    if (field.aggregate !== undefined) continue;
    const name = outputName(field);
    terms.push(name !== undefined ? quoteIdentifier(name) : fieldExpression(nodeRelation(node), field.column, field.jsonPath).sql);
  }
  for (const child of node.children) {
    if (child.spread) {
      const applied = appliedAggregates(child, node);
      for (const name of spreadNames(child)) {
        if (!applied.has(name)) terms.push(`${quoteIdentifier(child.aggAlias)}.${quoteIdentifier(name)}`);
      }
    } else if (!isEmptyEmbed(child)) {
      terms.push(quoteIdentifier(embedName(child)));
    }
  }
  return terms.length > 0 ? ` GROUP BY ${terms.join(", ")}` : "";
}

/** PostgREST's count query: the top level's rows under its filters, inner-joined resources required to exist. */
function countQuery(node: ReadNode, params: Parameters): string {
  const relation = nodeRelation(node);
  const conditions = [
    ...node.conditions.map((condition) => countConditionSql(condition, relation, params)),
    ...node.joinConditions,
    ...node.children.filter((child) => child.joinType === "inner").map((child) => `EXISTS (${countQuery(child, params)} )`),
  ];
  return (
    `SELECT 1 FROM ${node.from}` +
    (node.alias === undefined ? "" : ` AS ${quoteIdentifier(node.alias)}`) +
    (node.junction ? `, ${node.junction}` : "") +
    (conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "")
  );
}

function countConditionSql(condition: PlanCondition, relation: Relation, params: Parameters): string {
  if (condition.kind === "embedNull") return `${condition.negated ? "" : "NOT "}EXISTS (${countQuery(condition.node, params)})`;
  if (condition.kind === "logic") {
    const joined = condition.children.map((child) => countConditionSql(child, relation, params)).join(condition.operator === "and" ? " AND " : " OR ");
    return `${condition.negated ? "NOT " : ""}(${joined})`;
  }
  return conditionSql(condition, relation, params);
}

function planConditionSql(condition: PlanCondition, relation: Relation, params: Parameters): string {
  if (condition.kind === "embedNull") {
    return `${quoteIdentifier(condition.node.aggAlias)} IS ${condition.negated ? "" : "NOT "}DISTINCT FROM NULL`;
  }
  if (condition.kind === "logic") {
    const joined = condition.children.map((child) => planConditionSql(child, relation, params)).join(condition.operator === "and" ? " AND " : " OR ");
    return `${condition.negated ? "NOT " : ""}(${joined})`;
  }
  return conditionSql(condition, relation, params);
}

function bodyExpression(format: BodyFormat): string {
  switch (format.shape) {
    case "array":
      return format.stripNulls ? `coalesce(json_strip_nulls(json_agg(${ROW})), '[]')::text` : `coalesce(json_agg(${ROW}), '[]')::text`;
    case "object":
      return format.stripNulls ? `coalesce((json_strip_nulls(json_agg(${ROW})) -> 0)::text, '')` : `coalesce((json_agg(${ROW}) -> 0)::text, '')`;
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
  const strip = (sql: string) => (format.stripNulls ? `json_strip_nulls(${sql})` : sql);
  if (returns.kind === "composite") {
    if (format.shape !== "array" || returns.setOf) return bodyExpression(format);
    return `coalesce((${strip(`json_agg(${ROW})`)} -> 0)::text, 'null')`;
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
    const joined = condition.children.map((child) => conditionSql(child, relation, params)).join(condition.operator === "and" ? " AND " : " OR ");
    return `${condition.negated ? "NOT " : ""}(${joined})`;
  }
  const sql = filterSql(condition, relation, params);
  return condition.negated ? `NOT (${sql})` : sql;
}

/**
 * A column, or a JSON path into it: `->` yields jsonb (json for a json column), `->>` text; a column of any
 * other type is converted with to_jsonb first, as PostgREST does. An unknown column is written as it is, so
 * Postgres answers with its own error (42703, with its hint).
 */
function fieldExpression(relation: Relation, name: string, jsonPath: JsonPath | undefined): { sql: string; type: string } {
  const column = relation.columns.find((candidate) => candidate.name === name);
  const reference = `${relation.qualifier}.${quoteIdentifier(name)}`;
  const type = column?.type ?? "text";
  if (!jsonPath || jsonPath.length === 0) return { sql: reference, type };
  const isJson = type === "json" || type === "jsonb";
  const sql = `${isJson ? reference : `to_jsonb(${reference})`}${jsonPathSql(jsonPath)}`;
  const last = jsonPath.at(-1);
  return { sql, type: last?.arrow === "->>" ? "text" : type === "json" ? "json" : "jsonb" };
}

/** `->'key'`, `->>'+1'::int`: keys are untyped literals, as PostgREST sends them, so Postgres picks the
 *  operator (and names it in its errors) the same way. Only `'` needs escaping in a standard string. */
function jsonPathSql(path: JsonPath): string {
  return path
    .map(({ arrow, operand }) => {
      const literal = `'${operand.value.replaceAll("'", "''")}'`;
      return `${arrow}${operand.kind === "index" ? `${literal}::int` : literal}`;
    })
    .join("");
}

const SQL_OPERATORS: Record<ComparisonOperator, string> = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "LIKE",
  ilike: "ILIKE",
  match: "~",
  imatch: "~*",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
  isdistinct: "IS DISTINCT FROM",
};

const TEXT_PATTERN_OPERATORS = new Set<ComparisonOperator>(["like", "ilike", "match", "imatch"]);

function filterSql(filter: Filter, relation: Relation, params: Parameters): string {
  const { sql: reference, type: columnType } = fieldExpression(relation, filter.column, filter.jsonPath);
  const operation = filter.operation;
  switch (operation.kind) {
    case "is":
      return `${reference} IS ${operation.value === "not_null" ? "NOT NULL" : operation.value.toUpperCase()}`;
    case "in": {
      const values = operation.values;
      if (values.length === 1 && values[0] === "") return "false";
      return `${reference} IN (${values.map((value) => `${params.add(value)}::${columnType}`).join(", ")})`;
    }
    case "fts": {
      const fn = { fts: "to_tsquery", plfts: "plainto_tsquery", phfts: "phraseto_tsquery", wfts: "websearch_to_tsquery" }[operation.operator];
      const config = operation.config === undefined ? "" : `${params.add(operation.config)}::regconfig, `;
      const document = columnType === "tsvector" && !filter.jsonPath ? reference : `to_tsvector(${config}${reference})`;
      return `${document} @@ ${fn}(${config}${params.add(operation.value)})`;
    }
    case "compare": {
      const operator = SQL_OPERATORS[operation.operator];
      const isPattern = TEXT_PATTERN_OPERATORS.has(operation.operator);
      // PostgREST lets `*` stand for `%` in like patterns, so URLs need no percent-encoding.
      const value = operation.operator === "like" || operation.operator === "ilike" ? operation.value.replaceAll("*", "%") : operation.value;
      const type = isPattern ? "text" : columnType;
      if (operation.quantifier) {
        return `${reference} ${operator} ${operation.quantifier.toUpperCase()}(${params.add(value)}::${type}[])`;
      }
      return `${reference} ${operator} ${params.add(value)}::${type}`;
    }
  }
}

function orderClause(order: PlanOrder[], relation: Relation): string {
  if (order.length === 0) return "";
  const terms = order.map((term) => {
    let sql: string;
    if (term.embedded) {
      // A to-one resource's column, read from its lateral row as it is (no to_jsonb), like PostgREST.
      sql = `${quoteIdentifier(term.embedded.aggAlias)}.${quoteIdentifier(term.column)}${jsonPathSql(term.jsonPath ?? [])}`;
    } else {
      sql = fieldExpression(relation, term.column, term.jsonPath).sql;
    }
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
