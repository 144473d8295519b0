// What the type generator reads from the Postgres catalog: the same facts, gathered with the same
// rules, as the introspection behind `supabase gen types typescript` (supabase/postgres-meta).

/** Runs one SQL statement; PGlite's `query` and node-postgres' `query` both fit. */
export type QueryFunction = <Row>(sql: string, params?: unknown[]) => Promise<{ rows: Row[] }>;

export interface CatalogRelation {
  id: number;
  schema: string;
  name: string;
  /** r: table, p: partitioned table, f: foreign table, v: view, m: materialized view. */
  kind: "r" | "p" | "f" | "v" | "m";
  /** A view that accepts inserts and updates (information_schema's rule). */
  isUpdatable: boolean;
}

export interface CatalogColumn {
  tableId: number;
  name: string;
  /** The type's name (a domain's base type), e.g. "text", "int4", "_text", "app_role". */
  format: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityGeneration: "ALWAYS" | "BY DEFAULT" | null;
  defaultValue: string | null;
  isUpdatable: boolean;
}

export interface CatalogRelationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  /** The referencing columns are also the table's primary key or a unique key. */
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface CatalogFunctionArg {
  mode: "in" | "out" | "inout" | "variadic" | "table";
  /** "" for an unnamed argument. */
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface CatalogFunction {
  id: number;
  schema: string;
  name: string;
  args: CatalogFunctionArg[];
  /** pg_get_function_arguments(), e.g. "_user_id uuid, _role app_role". */
  argumentTypes: string;
  /** pg_get_function_result(), e.g. "boolean", "SETOF bookings", "trigger". */
  returnType: string;
  returnTypeId: number;
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  /** The planner's row estimate of a set-returning function. */
  prorows: number | null;
}

export interface CatalogType {
  id: number;
  name: string;
  schema: string;
  /** format_type(): the name as SQL prints it, schema-qualified when not on the search path. */
  format: string;
  enums: string[];
  attributes: Array<{ name: string; typeId: number }>;
  typeRelationId: number | null;
}

export interface Catalog {
  schemas: string[];
  relations: CatalogRelation[];
  columns: CatalogColumn[];
  relationships: CatalogRelationship[];
  functions: CatalogFunction[];
  /** Every type of every schema: column and argument types are looked up by name among them. */
  types: CatalogType[];
}

const RELATIONS_SQL = /* sql */ `
select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind::text as kind,
       (pg_relation_is_updatable(c.oid, false) & 20) = 20 as is_updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[])
  and c.relkind in ('r', 'p', 'f', 'v', 'm')
  and not pg_is_other_temp_schema(n.oid)`;

const COLUMNS_SQL = /* sql */ `
select c.oid::int8 as table_id,
       a.attname as name,
       case when a.atthasdef then pg_get_expr(ad.adbin, ad.adrelid) end as default_value,
       coalesce(bt.typname, t.typname) as format,
       a.attidentity in ('a', 'd') as is_identity,
       case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
       not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false))) as is_updatable
from pg_attribute a
left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
where n.nspname = any($1::text[])
  and not pg_is_other_temp_schema(n.oid)
  and a.attnum > 0
  and not a.attisdropped
  and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

// A foreign key is one-to-one when its columns, in the key's order, are exactly the columns of the
// referencing table's primary key or of one of its unique constraints, in column order.
const RELATIONSHIPS_SQL = /* sql */ `
with keys as (
  select conrelid, jsonb_agg(key.cols) as cols
  from pg_constraint
  join lateral (
    select jsonb_agg(att.attname order by att.attnum) as cols
    from unnest(conkey) as col
    join pg_attribute att on att.attrelid = conrelid and att.attnum = col
  ) as key on true
  where contype in ('p', 'u')
  group by conrelid
)
select fk.conname as foreign_key_name,
       ns.nspname as schema,
       tab.relname as relation,
       cols.cols as columns,
       coalesce(cols.cols in (select jsonb_array_elements(keys.cols)), false) as is_one_to_one,
       other_ns.nspname as referenced_schema,
       other.relname as referenced_relation,
       cols.refs as referenced_columns
from pg_constraint fk
join lateral (
  select jsonb_agg(col.attname order by ord) as cols, jsonb_agg(ref.attname order by ord) as refs
  from unnest(fk.conkey, fk.confkey) with ordinality as _(colnum, refnum, ord)
  join pg_attribute col on col.attrelid = fk.conrelid and col.attnum = colnum
  join pg_attribute ref on ref.attrelid = fk.confrelid and ref.attnum = refnum
) as cols on true
join pg_namespace ns on ns.oid = fk.connamespace
join pg_class tab on tab.oid = fk.conrelid
join pg_class other on other.oid = fk.confrelid
join pg_namespace other_ns on other_ns.oid = other.relnamespace
left join keys on keys.conrelid = fk.conrelid
where fk.contype = 'f'
  and fk.conparentid = 0
  and ns.nspname = any($1::text[])`;

// Which view columns carry which table's primary or foreign key columns (PostgREST's schema cache
// does the same): the view's query tree (pg_rewrite) is rewritten into JSON to read each output
// column's origin table and column, followed through views of views, and kept only when every
// column of the key reaches the view.
const VIEW_KEY_DEPENDENCIES_SQL = /* sql */ `
with recursive
pks_fks as (
  select contype::text as contype, conname, array_length(conkey, 1) as ncol, conrelid as resorigtbl, col as resorigcol, ord
  from pg_constraint
  left join lateral unnest(conkey) with ordinality as _(col, ord) on true
  where contype in ('p', 'f')
  union
  select concat(contype, '_ref') as contype, conname, array_length(confkey, 1) as ncol, confrelid, col, ord
  from pg_constraint
  left join lateral unnest(confkey) with ordinality as _(col, ord) on true
  where contype = 'f' and connamespace::regnamespace::text = any($1::text[])
),
views as (
  select c.oid as view_id, n.nspname as view_schema, c.relname as view_name, r.ev_action as view_definition
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid
  where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
),
transform_json as (
  select view_id, view_schema, view_name,
    -- pg_node_tree to JSON, keeping only targetList, resno, resorigtbl and resorigcol.
    replace(replace(replace(replace(replace(replace(replace(
    regexp_replace(
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
      view_definition::text,
      '<>', '()'),
      ',', ''),
      E'\\\\{', ''),
      E'\\\\}', ''),
      ' :targetList ', ',"targetList":'),
      ' :resno ', ',"resno":'),
      ' :resorigtbl ', ',"resorigtbl":'),
      ' :resorigcol ', ',"resorigcol":'),
      '{', '{ :'),
      '((', '{(('),
      '({', '{({'),
    ' :[^}{,]+', ',"":', 'g'),
      ',"":}', '}'),
      ',"":,', ','),
      '{(', '('),
      '{,', '{'),
      '(', '['),
      ')', ']'),
      ' ', ',')::json as view_definition
  from views
),
target_entries as (
  select view_id, view_schema, view_name, json_array_elements(view_definition->0->'targetList') as entry
  from transform_json
),
results as (
  select view_id, view_schema, view_name,
         (entry->>'resno')::int as view_column,
         (entry->>'resorigtbl')::oid as resorigtbl,
         (entry->>'resorigcol')::int as resorigcol
  from target_entries
),
recursion (view_id, view_schema, view_name, view_column, resorigtbl, resorigcol, is_cycle, path) as (
  select r.*, false, array[resorigtbl]
  from results r
  where view_schema = any($1::text[])
  union all
  select view.view_id, view.view_schema, view.view_name, view.view_column, tab.resorigtbl, tab.resorigcol,
         tab.resorigtbl = any(path), path || tab.resorigtbl
  from recursion view
  join results tab on view.resorigtbl = tab.view_id and view.resorigcol = tab.view_column
  where not is_cycle
),
repeated_references as (
  select view_id, view_schema, view_name, resorigtbl, resorigcol, array_agg(attname) as view_columns
  from recursion
  join pg_attribute vcol on vcol.attrelid = view_id and vcol.attnum = view_column
  group by view_id, view_schema, view_name, resorigtbl, resorigcol
)
select sch.nspname as table_schema,
       tbl.relname as table_name,
       rep.view_schema,
       rep.view_name,
       pks_fks.conname as constraint_name,
       pks_fks.contype as constraint_type,
       jsonb_agg(jsonb_build_object('table_column', col.attname, 'view_columns', view_columns) order by pks_fks.ord) as column_dependencies
from repeated_references rep
join pks_fks using (resorigtbl, resorigcol)
join pg_class tbl on tbl.oid = rep.resorigtbl
join pg_attribute col on col.attrelid = tbl.oid and col.attnum = rep.resorigcol
join pg_namespace sch on sch.oid = tbl.relnamespace
group by sch.nspname, tbl.relname, rep.view_schema, rep.view_name, pks_fks.conname, pks_fks.contype, pks_fks.ncol
having ncol = array_length(array_agg(row(col.attname, view_columns) order by pks_fks.ord), 1)`;

// Trigger functions are not callable through the API, so they are left out.
const FUNCTIONS_SQL = /* sql */ `
select p.oid::int8 as id,
       n.nspname as schema,
       p.proname as name,
       coalesce(p.proargmodes::text[],
                array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_modes,
       coalesce(p.proargnames,
                array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_names,
       coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as arg_types,
       p.pronargs as input_arg_count,
       p.pronargdefaults as default_arg_count,
       pg_get_function_arguments(p.oid) as argument_types,
       p.prorettype::int8 as return_type_id,
       pg_get_function_result(p.oid) as return_type,
       nullif(rt.typrelid::int8, 0) as return_type_relation_id,
       p.proretset as is_set_returning_function,
       case when p.proretset then nullif(p.prorows, 0) end as prorows
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
left join pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1::text[])
  and p.prokind = 'f'
  and pg_get_function_result(p.oid) not in ('trigger', 'event_trigger')`;

const TYPES_SQL = /* sql */ `
select t.oid::int8 as id,
       t.typname as name,
       n.nspname as schema,
       format_type(t.oid, null) as format,
       coalesce((select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]') as enums,
       coalesce((select jsonb_agg(jsonb_build_object('name', a.attname, 'type_id', a.atttypid::int8) order by a.attnum)
                 from pg_class c join pg_attribute a on a.attrelid = c.oid
                 where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '[]') as attributes,
       nullif(t.typrelid::int8, 0) as type_relation_id
from pg_type t
left join pg_namespace n on n.oid = t.typnamespace
where t.typrelid = 0
   or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

const ARG_MODES: Record<string, CatalogFunctionArg["mode"]> = { i: "in", o: "out", b: "inout", v: "variadic", t: "table" };

/** Reads tables, views, columns, foreign keys, functions and types of the given schemas. */
export async function readCatalog(query: QueryFunction, schemas: string[]): Promise<Catalog> {
  const [relations, columns, relationships, viewKeyDependencies, functions, types] = [
    await query<{ id: string | number; schema: string; name: string; kind: CatalogRelation["kind"]; is_updatable: boolean }>(RELATIONS_SQL, [schemas]),
    await query<{
      table_id: string | number;
      name: string;
      default_value: string | null;
      format: string;
      is_identity: boolean;
      identity_generation: CatalogColumn["identityGeneration"];
      is_nullable: boolean;
      is_updatable: boolean;
    }>(COLUMNS_SQL, [schemas]),
    await query<{
      foreign_key_name: string;
      schema: string;
      relation: string;
      columns: string[];
      is_one_to_one: boolean;
      referenced_schema: string;
      referenced_relation: string;
      referenced_columns: string[];
    }>(RELATIONSHIPS_SQL, [schemas]),
    await query<ViewKeyDependency>(VIEW_KEY_DEPENDENCIES_SQL, [schemas]),
    await query<{
      id: string | number;
      schema: string;
      name: string;
      arg_modes: string[];
      arg_names: string[];
      arg_types: Array<string | number>;
      input_arg_count: number;
      default_arg_count: number;
      argument_types: string;
      return_type_id: string | number;
      return_type: string;
      return_type_relation_id: string | number | null;
      is_set_returning_function: boolean;
      prorows: number | null;
    }>(FUNCTIONS_SQL, [schemas]),
    await query<{
      id: string | number;
      name: string;
      schema: string;
      format: string;
      enums: string[];
      attributes: Array<{ name: string; type_id: number }>;
      type_relation_id: string | number | null;
    }>(TYPES_SQL),
  ];

  return {
    schemas: [...schemas],
    relations: relations.rows.map((row) => ({
      id: Number(row.id),
      schema: row.schema,
      name: row.name,
      kind: row.kind,
      isUpdatable: row.is_updatable,
    })),
    columns: columns.rows.map((row) => ({
      tableId: Number(row.table_id),
      name: row.name,
      format: row.format,
      isNullable: row.is_nullable,
      isIdentity: row.is_identity,
      identityGeneration: row.identity_generation,
      defaultValue: row.default_value,
      isUpdatable: row.is_updatable,
    })),
    relationships: withViewRelationships(
      relationships.rows.map((row) => ({
        foreignKeyName: row.foreign_key_name,
        schema: row.schema,
        relation: row.relation,
        columns: row.columns,
        isOneToOne: row.is_one_to_one,
        referencedSchema: row.referenced_schema,
        referencedRelation: row.referenced_relation,
        referencedColumns: row.referenced_columns,
      })),
      viewKeyDependencies.rows,
    ),
    functions: functions.rows.map((row) => {
      // Defaults belong to the last input arguments; pg_proc counts them by position among all arguments.
      const firstDefault = row.input_arg_count - row.default_arg_count;
      return {
        id: Number(row.id),
        schema: row.schema,
        name: row.name,
        args: row.arg_types.map((typeId, index) => ({
          mode: ARG_MODES[row.arg_modes[index] ?? "i"] ?? "in",
          name: row.arg_names[index] ?? "",
          typeId: Number(typeId),
          hasDefault: index >= firstDefault && index < row.input_arg_count,
        })),
        argumentTypes: row.argument_types,
        returnType: row.return_type,
        returnTypeId: Number(row.return_type_id),
        returnTypeRelationId: row.return_type_relation_id === null ? null : Number(row.return_type_relation_id),
        isSetReturning: row.is_set_returning_function,
        prorows: row.prorows === null ? null : Number(row.prorows),
      };
    }),
    types: types.rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      schema: row.schema,
      format: row.format,
      enums: row.enums,
      attributes: row.attributes.map((attribute) => ({ name: attribute.name, typeId: Number(attribute.type_id) })),
      typeRelationId: row.type_relation_id === null ? null : Number(row.type_relation_id),
    })),
  };
}

interface ViewKeyDependency {
  table_schema: string;
  table_name: string;
  view_schema: string;
  view_name: string;
  constraint_name: string;
  /** f: the view shows the referencing columns; f_ref: the referenced ones; p: the primary key. */
  constraint_type: "f" | "f_ref" | "p" | "p_ref";
  column_dependencies: Array<{ table_column: string; view_columns: string[] }>;
}

/**
 * Adds the foreign keys that views inherit from their tables: from a view that shows a key's referencing
 * columns, to a view that shows its referenced columns, and between two such views. A table column shown
 * under several names in one view yields one relationship per combination of names.
 */
function withViewRelationships(tableRelationships: CatalogRelationship[], dependencies: ViewKeyDependency[]): CatalogRelationship[] {
  const viewColumnChoices = (dependency: ViewKeyDependency): string[][] =>
    dependency.column_dependencies.reduce<string[][]>(
      (combinations, { view_columns }) => combinations.flatMap((combination) => view_columns.map((column) => [...combination, column])),
      [[]],
    );

  const viewRelationships = tableRelationships.flatMap((r) => {
    const fromViews = dependencies.filter(
      (d) => d.table_schema === r.schema && d.table_name === r.relation && d.constraint_name === r.foreignKeyName && d.constraint_type === "f",
    );
    const toViews = dependencies.filter(
      (d) =>
        d.table_schema === r.referencedSchema &&
        d.table_name === r.referencedRelation &&
        d.constraint_name === r.foreignKeyName &&
        d.constraint_type === "f_ref",
    );
    const viewToTable = fromViews.flatMap((from) =>
      viewColumnChoices(from).map((columns) => ({ ...r, schema: from.view_schema, relation: from.view_name, columns })),
    );
    const tableToView = toViews.flatMap((to) =>
      viewColumnChoices(to).map((referencedColumns) => ({
        ...r,
        referencedSchema: to.view_schema,
        referencedRelation: to.view_name,
        referencedColumns,
      })),
    );
    const viewToView = fromViews.flatMap((from) =>
      viewColumnChoices(from).flatMap((columns) =>
        toViews.flatMap((to) =>
          viewColumnChoices(to).map((referencedColumns) => ({
            ...r,
            schema: from.view_schema,
            relation: from.view_name,
            columns,
            referencedSchema: to.view_schema,
            referencedRelation: to.view_name,
            referencedColumns,
          })),
        ),
      ),
    );
    return [...viewToTable, ...tableToView, ...viewToView];
  });
  return [...tableRelationships, ...viewRelationships];
}
