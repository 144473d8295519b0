import type { PGlite } from "@electric-sql/pglite";

/** What PostgREST's schema cache knows about the exposed schema, read from the catalog. */
export interface ColumnInfo {
  name: string;
  /** SQL type name from format_type(), used to cast parameters. */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

export interface FunctionParam {
  /** Empty for an unnamed parameter, which named-argument calls cannot reach. */
  name: string;
  type: string;
  hasDefault: boolean;
}

export type FunctionReturn =
  | { kind: "void" }
  | { kind: "scalar"; setOf: boolean }
  | { kind: "composite"; setOf: boolean; columns: ColumnInfo[] };

export interface FunctionInfo {
  name: string;
  params: FunctionParam[];
  returns: FunctionReturn;
  volatile: boolean;
}

interface Catalog {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
}

const EXPOSED_SCHEMA = "public";

/** Tables, views and functions of schema public. Loaded lazily and reloaded when a request names something
 *  the cached copy lacks, so objects created after start-up (by migrations or tests) are found. */
export class SchemaCache {
  private catalog: Promise<Catalog> | undefined;

  constructor(private readonly pg: PGlite) {}

  async table(name: string, neededColumns: Iterable<string> = []): Promise<TableInfo | undefined> {
    const needed = [...neededColumns];
    const hasAll = (table: TableInfo | undefined) =>
      table !== undefined && needed.every((column) => table.columns.some((known) => known.name === column));
    const cached = (await this.load()).tables.get(name);
    if (hasAll(cached)) return cached;
    return (await this.reload()).tables.get(name);
  }

  async functions(name: string, matches: (candidate: FunctionInfo) => boolean): Promise<FunctionInfo[]> {
    const cached = (await this.load()).functions.get(name) ?? [];
    if (cached.some(matches)) return cached;
    return (await this.reload()).functions.get(name) ?? [];
  }

  private load(): Promise<Catalog> {
    this.catalog ??= readCatalog(this.pg);
    return this.catalog;
  }

  private reload(): Promise<Catalog> {
    this.catalog = readCatalog(this.pg);
    return this.catalog;
  }
}

interface TableRow {
  name: string;
  columns: ColumnInfo[];
  primary_key: string[];
}

interface FunctionRow {
  name: string;
  volatility: string;
  returns_set: boolean;
  return_type: string;
  return_type_kind: string;
  return_columns: ColumnInfo[] | null;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  arg_defaults: number;
}

async function readCatalog(pg: PGlite): Promise<Catalog> {
  const [tables, functions] = await Promise.all([
    pg.query<TableRow>(TABLES_SQL, [EXPOSED_SCHEMA]),
    pg.query<FunctionRow>(FUNCTIONS_SQL, [EXPOSED_SCHEMA]),
  ]);
  const catalog: Catalog = { tables: new Map(), functions: new Map() };
  for (const row of tables.rows) {
    catalog.tables.set(row.name, { name: row.name, columns: row.columns, primaryKey: row.primary_key });
  }
  for (const row of functions.rows) {
    const overloads = catalog.functions.get(row.name) ?? [];
    overloads.push(functionInfo(row));
    catalog.functions.set(row.name, overloads);
  }
  return catalog;
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
    return { kind: "composite", setOf, columns: row.return_columns };
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

const TABLES_SQL = `
  select c.relname as name,
    coalesce((
      select json_agg(json_build_object('name', a.attname, 'type', ${castType("a.atttypid")}) order by a.attnum)
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
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FUNCTIONS_SQL = `
  select p.proname as name,
    p.provolatile as volatility,
    p.proretset as returns_set,
    format_type(p.prorettype, null) as return_type,
    t.typtype as return_type_kind,
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
  where n.nspname = $1 and p.prokind = 'f'
    -- Trigger functions cannot be called, so PostgREST does not expose them.
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;
