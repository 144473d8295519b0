import type { PGlite } from "@electric-sql/pglite";
import { findViewColumnSources } from "./view-columns.ts";

/** What PostgREST's schema cache knows about the exposed schemas, read from the catalog. */
export interface ColumnInfo {
  name: string;
  /** SQL type name from format_type(), used to cast parameters. */
  type: string;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: ColumnInfo[];
  /** A view's primary key is its base table's, when the view shows every column of it. */
  primaryKey: string[];
  isView: boolean;
}

export interface QualifiedName {
  schema: string;
  name: string;
}

/** Column pairs of a foreign key: [column of `table`, column of `foreignTable`]. */
export type ColumnPairs = Array<[string, string]>;

export type Cardinality =
  | { kind: "one-to-many" | "many-to-one"; constraint: string; columns: ColumnPairs }
  /** `isParent`: `table` is the referenced side. */
  | { kind: "one-to-one"; constraint: string; columns: ColumnPairs; isParent: boolean }
  | { kind: "many-to-many"; junction: Junction };

export interface Junction {
  table: QualifiedName;
  /** The junction's foreign key to `table`, then the one to `foreignTable`. */
  constraint1: string;
  constraint2: string;
  /** [column of `table`, column of the junction]. */
  sourceColumns: ColumnPairs;
  /** [column of `foreignTable`, column of the junction]. */
  targetColumns: ColumnPairs;
}

/** A relationship from `table` to `foreignTable`, found from a foreign key (or a view of its tables). */
export interface Relationship {
  table: QualifiedName;
  foreignTable: QualifiedName;
  isSelf: boolean;
  cardinality: Cardinality;
  tableIsView: boolean;
  foreignTableIsView: boolean;
}

export function isToOne(relationship: Relationship): boolean {
  return relationship.cardinality.kind === "many-to-one" || relationship.cardinality.kind === "one-to-one";
}

export interface FunctionParam {
  /** Empty for an unnamed parameter, which named-argument calls cannot reach. */
  name: string;
  type: string;
  hasDefault: boolean;
}

export type FunctionReturn =
  { kind: "void" } | { kind: "scalar"; setOf: boolean } | { kind: "composite"; setOf: boolean; columns: ColumnInfo[]; table?: string };

export interface FunctionInfo {
  schema: string;
  name: string;
  params: FunctionParam[];
  returns: FunctionReturn;
  volatile: boolean;
}

/** PostgREST's settings, read from the `pgrst.*` settings of the authenticator role as PostgREST's in-database
 *  configuration does (`alter role authenticator set pgrst.db_schemas = '…'; notify pgrst, 'reload config'`). */
export interface RestSettings {
  /** Exposed schemas; the first is the default one. */
  schemas: string[];
  aggregatesEnabled: boolean;
}

/** Supabase's defaults: `public` and `graphql_public` exposed, aggregates off. */
const DEFAULT_SCHEMAS = ["public", "graphql_public"];

interface Catalog {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
  /** By the key of the table they start from; only between tables of the same exposed schema. */
  relationships: Map<string, Relationship[]>;
}

const keyOf = (schema: string, name: string) => JSON.stringify([schema, name]);

/** Tables, views, functions and relationships of the exposed schemas. Loaded lazily and reloaded when a request
 *  names something the cached copy lacks, so objects created after start-up (by migrations or tests) are found.
 *  `notify pgrst, 'reload config'` rereads the settings; `notify pgrst` or `'reload schema'` the catalog. */
export class SchemaCache {
  private catalog: Promise<Catalog> | undefined;
  private currentSettings: Promise<RestSettings> | undefined;
  private listening: Promise<unknown> | undefined;

  constructor(private readonly pg: PGlite) {}

  async settings(): Promise<RestSettings> {
    this.listening ??= this.pg
      .listen("pgrst", (payload) => {
        if (payload === "reload config") this.currentSettings = undefined;
        if (payload === "" || payload === "reload schema" || payload === "reload config") this.catalog = undefined;
      })
      .catch(() => undefined);
    await this.listening;
    this.currentSettings ??= readSettings(this.pg);
    return this.currentSettings;
  }

  async table(schema: string, name: string, neededColumns: Iterable<string> = []): Promise<TableInfo | undefined> {
    const needed = [...neededColumns];
    const catalog = await this.load();
    const cached = catalog.tables.get(keyOf(schema, name));
    if (cached && needed.every((column) => names(catalog, cached, column))) return cached;
    return (await this.reload()).tables.get(keyOf(schema, name));
  }

  /** Names of the tables and views of an exposed schema. */
  async tableNames(schema: string): Promise<string[]> {
    return [...(await this.load()).tables.values()].filter((table) => table.schema === schema).map((table) => table.name);
  }

  async functions(schema: string, name: string, matches: (candidate: FunctionInfo) => boolean): Promise<FunctionInfo[]> {
    const cached = (await this.load()).functions.get(keyOf(schema, name)) ?? [];
    if (cached.some(matches)) return cached;
    return (await this.reload()).functions.get(keyOf(schema, name)) ?? [];
  }

  /** The relationships of the exposed schemas, by the table they start from, the tables they reach, and
   *  whether a name is known on a table (see `names`). */
  async relationships(fresh = false): Promise<{
    relationships: Map<string, Relationship[]>;
    tableOf: (schema: string, name: string) => TableInfo | undefined;
    knows: (table: TableInfo, name: string) => boolean;
  }> {
    const catalog = await (fresh ? this.reload() : this.load());
    return {
      relationships: catalog.relationships,
      tableOf: (schema, name) => catalog.tables.get(keyOf(schema, name)),
      knows: (table, name) => names(catalog, table, name),
    };
  }

  private load(): Promise<Catalog> {
    this.catalog ??= this.settings().then((settings) => readCatalog(this.pg, settings.schemas));
    return this.catalog;
  }

  private reload(): Promise<Catalog> {
    this.catalog = this.settings().then((settings) => readCatalog(this.pg, settings.schemas));
    return this.catalog;
  }
}

/** Aggregates Postgres lets `table.count` call on a whole row, as `rel(count)` does. */
const ROW_FUNCTIONS = new Set(["count", "sum", "avg", "min", "max"]);

/** Whether `table.name` means something to Postgres: a column, a function of the schema taking the row (a
 *  computed column), or an aggregate over the row. Anything else sends the cache to reload once. */
function names(catalog: Catalog, table: TableInfo, name: string): boolean {
  return table.columns.some((column) => column.name === name) || ROW_FUNCTIONS.has(name) || catalog.functions.has(keyOf(table.schema, name));
}

export function relationshipKey(schema: string, table: string): string {
  return keyOf(schema, table);
}

async function readSettings(pg: PGlite): Promise<RestSettings> {
  const { rows } = await pg.query<{ key: string; value: string }>(SETTINGS_SQL);
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const schemas = values
    .get("db_schemas")
    ?.split(",")
    .map((schema) => schema.trim());
  const aggregates = values
    .get("db_aggregates_enabled")
    ?.replace(/[^a-zA-Z]/g, "")
    .toLowerCase();
  return {
    schemas: schemas && schemas.length > 0 ? schemas : DEFAULT_SCHEMAS,
    aggregatesEnabled: aggregates === "true",
  };
}

/** A database-specific role setting wins over the role's general one, as in PostgREST. */
const SETTINGS_SQL = `
  select distinct on (key) replace(kv.k, 'pgrst.', '') as key, kv.v as value
  from (
    select s.setdatabase as database,
      substr(setting, 1, strpos(setting, '=') - 1) as k,
      substr(setting, strpos(setting, '=') + 1) as v
    from pg_catalog.pg_db_role_setting s
    join pg_catalog.pg_roles r on r.oid = s.setrole
    cross join lateral unnest(s.setconfig) as setting
    where r.rolname = 'authenticator'
      and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
  ) kv
  where kv.k in ('pgrst.db_schemas', 'pgrst.db_aggregates_enabled')
  order by key, kv.database desc nulls last`;

interface TableRow {
  oid: number;
  schema: string;
  name: string;
  is_view: boolean;
  columns: Array<ColumnInfo & { num: number }>;
  primary_key: string[];
}

interface ForeignKeyRow {
  table_oid: number;
  foreign_table_oid: number;
  constraint_name: string;
  /** [column, referenced column] pairs in key order. */
  columns: ColumnPairs;
  /** The same as attribute numbers. */
  column_numbers: Array<[number, number]>;
  one_to_one: boolean;
}

interface ViewRow {
  oid: number;
  definition: string;
}

interface FunctionRow {
  schema: string;
  name: string;
  volatility: string;
  returns_set: boolean;
  return_type: string;
  return_type_kind: string;
  return_table: string | null;
  return_columns: ColumnInfo[] | null;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  arg_defaults: number;
}

async function readCatalog(pg: PGlite, schemas: string[]): Promise<Catalog> {
  const [tables, foreignKeys, views, functions] = await Promise.all([
    pg.query<TableRow>(TABLES_SQL),
    pg.query<ForeignKeyRow>(FOREIGN_KEYS_SQL),
    pg.query<ViewRow>(VIEWS_SQL),
    pg.query<FunctionRow>(FUNCTIONS_SQL, [schemas]),
  ]);
  const byOid = new Map(tables.rows.map((row) => [row.oid, row]));
  const viewSources = findViewColumnSources(views.rows, byOid);

  const catalog: Catalog = { tables: new Map(), functions: new Map(), relationships: new Map() };
  const tableInfo = new Map<number, TableInfo>();
  for (const row of tables.rows) {
    const info: TableInfo = {
      schema: row.schema,
      name: row.name,
      columns: row.columns.map(({ name, type }) => ({ name, type })),
      primaryKey: row.primary_key,
      isView: row.is_view,
    };
    tableInfo.set(row.oid, info);
  }
  addViewPrimaryKeys(tables.rows, tableInfo, viewSources);
  for (const info of tableInfo.values()) {
    if (schemas.includes(info.schema)) catalog.tables.set(keyOf(info.schema, info.name), info);
  }

  const relationships = allRelationships(foreignKeys.rows, tableInfo, viewSources);
  for (const relationship of relationships) {
    const { table, foreignTable, cardinality } = relationship;
    if (!schemas.includes(table.schema) || foreignTable.schema !== table.schema) continue;
    if (cardinality.kind === "many-to-many" && !schemas.includes(cardinality.junction.table.schema)) continue;
    const key = keyOf(table.schema, table.name);
    catalog.relationships.set(key, [...(catalog.relationships.get(key) ?? []), relationship]);
  }
  for (const list of catalog.relationships.values()) list.sort(compareRelationships);

  for (const row of functions.rows) {
    const key = keyOf(row.schema, row.name);
    catalog.functions.set(key, [...(catalog.functions.get(key) ?? []), functionInfo(row)]);
  }
  return catalog;
}

/** For each view: its columns by the base table column they show, as [view oid → (table oid, attnum) → names]. */
export type ViewColumnSources = Map<number, Map<number, Map<number, string[]>>>;

/** A view shows its base table's primary key when every column of it is among the view's columns. */
function addViewPrimaryKeys(rows: TableRow[], tables: Map<number, TableInfo>, viewSources: ViewColumnSources): void {
  for (const row of rows) {
    const view = tables.get(row.oid);
    const sources = viewSources.get(row.oid);
    if (!view?.isView || !sources) continue;
    for (const [baseOid, columns] of sources) {
      const base = byOidRow(rows, baseOid);
      if (!base || base.primary_key.length === 0) continue;
      const mapped = base.primary_key.map((name) => {
        const num = base.columns.find((column) => column.name === name)?.num;
        return num === undefined ? undefined : columns.get(num)?.[0];
      });
      if (mapped.every((name): name is string => name !== undefined)) {
        view.primaryKey = mapped;
        break;
      }
    }
  }
}

function byOidRow(rows: TableRow[], oid: number): TableRow | undefined {
  return rows.find((row) => row.oid === oid);
}

/** Many-to-one and one-to-one relationships from foreign keys, the same through views of their tables,
 *  many-to-many through junction tables, then the inverse of each. */
function allRelationships(foreignKeys: ForeignKeyRow[], tables: Map<number, TableInfo>, viewSources: ViewColumnSources): Relationship[] {
  const nameOf = (oid: number): QualifiedName | undefined => {
    const table = tables.get(oid);
    return table && { schema: table.schema, name: table.name };
  };
  const direct: Relationship[] = [];
  for (const key of foreignKeys) {
    const table = nameOf(key.table_oid);
    const foreignTable = nameOf(key.foreign_table_oid);
    if (!table || !foreignTable) continue;
    const toOne = { constraint: key.constraint_name, columns: key.columns };
    const relationship: Relationship = {
      table,
      foreignTable,
      isSelf: key.table_oid === key.foreign_table_oid,
      cardinality: key.one_to_one ? { kind: "one-to-one", ...toOne, isParent: false } : { kind: "many-to-one", ...toOne },
      tableIsView: false,
      foreignTableIsView: false,
    };
    direct.push(relationship, ...viewRelationships(key, relationship, tables, viewSources));
  }
  const withJunctions = [...direct, ...manyToMany(direct, tables)];
  return [...withJunctions, ...withJunctions.flatMap(inverse)];
}

/** The views that show every column of the key on the referencing side and on the referenced side. */
function viewRelationships(key: ForeignKeyRow, relationship: Relationship, tables: Map<number, TableInfo>, viewSources: ViewColumnSources): Relationship[] {
  const coverings = (tableOid: number, side: 0 | 1) => {
    const result: Array<{ view: QualifiedName; names: string[] }> = [];
    for (const [viewOid, sources] of viewSources) {
      const columns = sources.get(tableOid);
      const view = tables.get(viewOid);
      if (!columns || !view) continue;
      const choices = key.column_numbers.map((pair) => columns.get(pair[side]) ?? []);
      if (choices.some((names) => names.length === 0)) continue;
      for (const names of cartesian(choices)) result.push({ view: { schema: view.schema, name: view.name }, names });
    }
    return result;
  };
  const cardinality = (columns: ColumnPairs): Cardinality =>
    relationship.cardinality.kind === "one-to-one"
      ? { kind: "one-to-one", constraint: key.constraint_name, columns, isParent: false }
      : { kind: "many-to-one", constraint: key.constraint_name, columns };
  const referencing = coverings(key.table_oid, 0);
  const referenced = coverings(key.foreign_table_oid, 1);
  const relationships: Relationship[] = [];
  for (const { view, names } of referencing) {
    relationships.push({
      table: view,
      foreignTable: relationship.foreignTable,
      isSelf: false,
      cardinality: cardinality(names.map((name, index) => [name, key.columns[index]?.[1] ?? ""])),
      tableIsView: true,
      foreignTableIsView: false,
    });
  }
  for (const { view, names } of referenced) {
    relationships.push({
      table: relationship.table,
      foreignTable: view,
      isSelf: false,
      cardinality: cardinality(names.map((name, index) => [key.columns[index]?.[0] ?? "", name])),
      tableIsView: false,
      foreignTableIsView: true,
    });
  }
  for (const from of referencing) {
    for (const to of referenced) {
      relationships.push({
        table: from.view,
        foreignTable: to.view,
        isSelf: from.view.schema === to.view.schema && from.view.name === to.view.name,
        cardinality: cardinality(from.names.map((name, index) => [name, to.names[index] ?? ""])),
        tableIsView: true,
        foreignTableIsView: true,
      });
    }
  }
  return relationships;
}

function cartesian(choices: string[][]): string[][] {
  return choices.reduce<string[][]>((combinations, names) => combinations.flatMap((prefix) => names.map((name) => [...prefix, name])), [[]]);
}

/** A table with foreign keys to two tables (or twice to one), every key column part of its primary key, joins
 *  them many-to-many. */
function manyToMany(relationships: Relationship[], tables: Map<number, TableInfo>): Relationship[] {
  const primaryKeys = new Map<string, string[]>();
  for (const table of tables.values()) primaryKeys.set(keyOf(table.schema, table.name), table.primaryKey);
  const fromJunction = new Map<string, Relationship[]>();
  for (const relationship of relationships) {
    if (relationship.cardinality.kind !== "many-to-one") continue;
    const key = keyOf(relationship.table.schema, relationship.table.name);
    fromJunction.set(key, [...(fromJunction.get(key) ?? []), relationship]);
  }
  const result: Relationship[] = [];
  for (const [junctionKey, keys] of fromJunction) {
    const primaryKey = primaryKeys.get(junctionKey) ?? [];
    for (const first of keys) {
      for (const second of keys) {
        if (first.cardinality.kind !== "many-to-one" || second.cardinality.kind !== "many-to-one") continue;
        if (first.cardinality.constraint === second.cardinality.constraint) continue;
        const junctionColumns = [...first.cardinality.columns, ...second.cardinality.columns].map(([column]) => column);
        if (!junctionColumns.every((column) => primaryKey.includes(column))) continue;
        const swap = (pairs: ColumnPairs): ColumnPairs => pairs.map(([a, b]) => [b, a]);
        result.push({
          table: first.foreignTable,
          foreignTable: second.foreignTable,
          isSelf: sameName(first.foreignTable, second.foreignTable),
          cardinality: {
            kind: "many-to-many",
            junction: {
              table: first.table,
              constraint1: first.cardinality.constraint,
              constraint2: second.cardinality.constraint,
              sourceColumns: swap(first.cardinality.columns),
              targetColumns: swap(second.cardinality.columns),
            },
          },
          tableIsView: first.foreignTableIsView,
          foreignTableIsView: second.foreignTableIsView,
        });
      }
    }
  }
  return result;
}

function sameName(a: QualifiedName, b: QualifiedName): boolean {
  return a.schema === b.schema && a.name === b.name;
}

/** one-to-many for each many-to-one, and the other side of each one-to-one. */
function inverse(relationship: Relationship): Relationship[] {
  const { cardinality } = relationship;
  const swap = (pairs: ColumnPairs): ColumnPairs => pairs.map(([a, b]) => [b, a]);
  const flipped = {
    table: relationship.foreignTable,
    foreignTable: relationship.table,
    isSelf: relationship.isSelf,
    tableIsView: relationship.foreignTableIsView,
    foreignTableIsView: relationship.tableIsView,
  };
  if (cardinality.kind === "many-to-one") {
    return [{ ...flipped, cardinality: { kind: "one-to-many", constraint: cardinality.constraint, columns: swap(cardinality.columns) } }];
  }
  if (cardinality.kind === "one-to-one") {
    return [
      {
        ...flipped,
        cardinality: { kind: "one-to-one", constraint: cardinality.constraint, columns: swap(cardinality.columns), isParent: !cardinality.isParent },
      },
    ];
  }
  return [];
}

const CARDINALITY_ORDER = ["one-to-many", "many-to-one", "one-to-one", "many-to-many"];

/** The order PostgREST lists candidates in: by table, foreign table, self, then cardinality and its key. */
function compareRelationships(a: Relationship, b: Relationship): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const name = (x: QualifiedName, y: QualifiedName) => text(x.schema, y.schema) || text(x.name, y.name);
  const pairs = (x: ColumnPairs, y: ColumnPairs) => text(JSON.stringify(x), JSON.stringify(y));
  const cardinality = (x: Cardinality, y: Cardinality): number => {
    const byKind = CARDINALITY_ORDER.indexOf(x.kind) - CARDINALITY_ORDER.indexOf(y.kind);
    if (byKind !== 0) return byKind;
    if (x.kind === "many-to-many" && y.kind === "many-to-many") {
      return (
        name(x.junction.table, y.junction.table) || text(x.junction.constraint1, y.junction.constraint1) || text(x.junction.constraint2, y.junction.constraint2)
      );
    }
    if (x.kind !== "many-to-many" && y.kind !== "many-to-many") return text(x.constraint, y.constraint) || pairs(x.columns, y.columns);
    return 0;
  };
  return (
    name(a.table, b.table) ||
    name(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    cardinality(a.cardinality, b.cardinality) ||
    Number(a.tableIsView) - Number(b.tableIsView) ||
    Number(a.foreignTableIsView) - Number(b.foreignTableIsView)
  );
}

function functionInfo(row: FunctionRow): FunctionInfo {
  const modes = row.arg_modes ?? row.arg_types.map(() => "i");
  const inputs: Array<{ name: string; type: string }> = [];
  const outputs: ColumnInfo[] = [];
  row.arg_types.forEach((type, index) => {
    const name = row.arg_names?.[index] ?? "";
    const mode = modes[index] ?? "i";
    if (mode === "i" || mode === "b" || mode === "v") inputs.push({ name, type });
    if (mode === "o" || mode === "b" || mode === "t") outputs.push({ name, type });
  });
  const firstDefault = inputs.length - row.arg_defaults;
  return {
    schema: row.schema,
    name: row.name,
    params: inputs.map((input, index) => ({ ...input, hasDefault: index >= firstDefault })),
    returns: functionReturn(row, outputs),
    volatile: row.volatility === "v",
  };
}

function functionReturn(row: FunctionRow, outputs: ColumnInfo[]): FunctionReturn {
  const setOf = row.returns_set;
  if (row.return_type === "void") return { kind: "void" };
  if (row.return_type === "record" && outputs.length > 0) return { kind: "composite", setOf, columns: outputs };
  if (row.return_type_kind === "c" && row.return_columns) {
    const returns: FunctionReturn = { kind: "composite", setOf, columns: row.return_columns };
    if (row.return_table) returns.table = row.return_table;
    return returns;
  }
  return { kind: "scalar", setOf };
}

/** The type name to cast parameters to. format_type() without a typmod, except for char and bit, whose bare
 *  SQL names mean length 1 and would truncate a value; their internal names take any length. */
function castType(oid: string): string {
  return `case ${oid}
    when 'bpchar'::regtype then 'bpchar' when '_bpchar'::regtype then 'bpchar[]'
    when 'bit'::regtype then '"bit"' when '_bit'::regtype then '"bit"[]'
    else format_type(${oid}, null) end`;
}

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;

/** Every table and view outside the system schemas: views of other schemas may show exposed tables and back. */
const TABLES_SQL = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind in ('v', 'm') as is_view,
    coalesce((
      select json_agg(json_build_object('name', a.attname, 'type', ${castType("a.atttypid")}, 'num', a.attnum) order by a.attnum)
      from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    ), '[]') as columns,
    coalesce((
      select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
      from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
      where i.indrelid = c.oid and i.indisprimary
    ), '[]') as primary_key
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition`;

/** Foreign keys (of partitioned tables once, not per partition); one-to-one when the referencing columns are
 *  exactly the columns of a primary key or unique constraint. */
const FOREIGN_KEYS_SQL = `
  select k.conrelid::int as table_oid, k.confrelid::int as foreign_table_oid, k.conname as constraint_name,
    (
      select json_agg(json_build_array(a.attname, r.attname) order by pair.position)
      from unnest(k.conkey, k.confkey) with ordinality as pair(col, ref, position)
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = pair.col
      join pg_attribute r on r.attrelid = k.confrelid and r.attnum = pair.ref
    ) as columns,
    (
      select json_agg(json_build_array(pair.col, pair.ref) order by pair.position)
      from unnest(k.conkey, k.confkey) with ordinality as pair(col, ref, position)
    ) as column_numbers,
    exists (
      select 1 from pg_constraint u
      where u.conrelid = k.conrelid and u.contype in ('p', 'u')
        and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(k.conkey) x)
    ) as one_to_one
  from pg_constraint k
  join pg_namespace n on n.oid = k.connamespace
  where k.contype = 'f' and k.conparentid = 0 and n.nspname not in ${SYSTEM_SCHEMAS}
  order by k.conrelid, k.conname`;

/** The stored query tree of each view, whose top-level target list tells which table column each view column shows. */
const VIEWS_SQL = `
  select c.oid::int as oid, r.ev_action::text as definition
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
  where c.relkind in ('v', 'm') and n.nspname not in ${SYSTEM_SCHEMAS}`;

const FUNCTIONS_SQL = `
  select n.nspname as schema, p.proname as name,
    p.provolatile as volatility,
    p.proretset as returns_set,
    format_type(p.prorettype, null) as return_type,
    t.typtype as return_type_kind,
    (select c.relname from pg_class c where c.oid = t.typrelid and c.relkind in ('r', 'v', 'm', 'f', 'p')
       and c.relnamespace = p.pronamespace) as return_table,
    (
      select json_agg(json_build_object('name', a.attname, 'type', ${castType("a.atttypid")}) order by a.attnum)
      from pg_attribute a
      where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
    ) as return_columns,
    to_json(p.proargnames) as arg_names,
    to_json(p.proargmodes) as arg_modes,
    coalesce((
      select json_agg(${castType("arg.type")} order by arg.position)
      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as arg(type, position)
    ), '[]') as arg_types,
    p.pronargdefaults as arg_defaults
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  where n.nspname = any($1::text[]) and p.prokind = 'f'
    -- Trigger functions cannot be called, so PostgREST does not expose them.
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;
