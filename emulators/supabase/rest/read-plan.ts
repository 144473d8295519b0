import { RestError, notEmbedded, notImplemented } from "./errors.ts";
import type { AggregateFunction, Condition, Filter, OrderTerm, QueryParams, SelectItem } from "./query-params.ts";
import { findRelationship } from "./relationships.ts";
import { isToOne, type Relationship, type TableInfo } from "./schema-cache.ts";
import { quoteIdentifier } from "./sql-identifiers.ts";

/** A selected column (or `*`, or an aggregate) of one resource. */
export type SelectField = Exclude<SelectItem, { kind: "embed" }>;

/** A filter tree of one resource; `embedNull` is `rel=is.null` / `rel=not.is.null` on an embedded resource. */
export type PlanCondition =
  Filter | { kind: "logic"; operator: "and" | "or"; negated: boolean; children: PlanCondition[] } | { kind: "embedNull"; negated: boolean; node: ReadNode };

/** An order term; a term on a to-one embedded resource reads the column from that resource's row. */
export type PlanOrder = OrderTerm & { embedded?: ReadNode };

/** An aggregate of a to-one spread resource, applied where its column lands: the first resource up the tree
 *  that is not itself a to-one spread. */
export interface HoistedAggregate {
  aggregate: AggregateFunction;
  aggregateCast?: string;
  alias?: string;
}

/** How a read, a write's representation or a function's result is shaped: one node per resource, as PostgREST
 *  plans it, then written as one statement with a lateral join per embedded resource. */
export interface ReadNode {
  table: TableInfo;
  /** The relation in FROM: `"schema"."table"`, or `pgrst_source` (a write's or call's rows). */
  from: string;
  /** `clients_1` for an embedded table, the table's name over pgrst_source; none for the top level or a junction. */
  alias?: string;
  /** How columns are qualified: the quoted alias, or the FROM relation. */
  qualifier: string;
  select: SelectField[];
  children: ReadNode[];
  conditions: PlanCondition[];
  order: PlanOrder[];
  limit?: number;
  offset: number;
  /** The name in select (relation, foreign key or column), its alias, hint and join type. */
  relName: string;
  relAlias?: string;
  hint?: string;
  joinType?: "inner" | "left";
  spread?: "to-one" | "to-many";
  relationship?: Relationship;
  /** The lateral join's alias: `<parent table>_<name or alias>_<depth>`. */
  aggAlias: string;
  depth: number;
  /** `child.column = parent.column` conditions of this node's join, junction conditions included. */
  joinConditions: string[];
  /** The junction table of a many-to-many embed, joined in FROM. */
  junction?: string;
  /** `*` is written out column by column: the resource, or one above it, aggregates, or it is a to-many spread. */
  expandStar?: boolean;
  /** For a to-one spread: its columns (and its to-one spreads') that the parent aggregates, by name. */
  hoisted?: Map<string, HoistedAggregate>;
}

export interface PlanContext {
  schema: string;
  relationships: Map<string, Relationship[]>;
  /** Looks a related table up in the schema cache. */
  tableOf(schema: string, name: string): TableInfo | undefined;
  /** Reads apply every filter, order and range; writes take the top level's filters in their own statement and
   *  ignore ranges; function calls are read over their result. */
  action: "read" | "write" | "call";
  /** PostgREST's max-rows, applied to every embedded resource as well (not to writes). */
  maxRows?: number;
  /** pgrst.db_aggregates_enabled: without it, aggregates answer PGRST123. */
  aggregatesEnabled?: boolean;
}

/** The top level: its table (or, over pgrst_source, the table a write or call returns rows of). */
export interface PlanRoot {
  table: TableInfo;
  overSource: boolean;
}

export function planRead(root: PlanRoot, query: QueryParams, context: PlanContext): ReadNode {
  const tree = initialNode(root, query, context.action);
  const embeddedParams = query.embedded;
  // PostgREST applies filters, then orders, ranges and and/or trees, each in reverse query order; every one
  // addressed to an embedded resource moves that resource first among its siblings (and so in the output).
  for (const { path, condition } of [...embeddedParams.filters].reverse()) {
    nodeAt(tree, path).conditions.unshift(condition);
  }
  for (const { path, terms } of [...embeddedParams.order].reverse()) {
    nodeAt(tree, path).order = terms;
  }
  if (context.action !== "write") {
    for (const { path, limit, offset } of [...embeddedParams.ranges].reverse()) {
      const node = nodeAt(tree, path);
      if (limit !== undefined) node.limit = limit;
      if (offset !== undefined) node.offset = offset;
    }
  }
  for (const { path, condition } of [...embeddedParams.logic].reverse()) {
    nodeAt(tree, path).conditions.unshift(condition);
  }
  resolveRelationships(tree, context);
  markStarExpansion(tree, false);
  nameSpreadAggregates(tree);
  addRelatedOrders(tree);
  addNullEmbedFilters(tree);
  checkAggregates(tree, context.aggregatesEnabled ?? false);
  hoistSpreadAggregates(tree);
  refuseToManySpreadAggregates(tree);
  if (context.action !== "write" && context.maxRows !== undefined) restrictRanges(tree, context.maxRows);
  return tree;
}

function initialNode(root: PlanRoot, query: QueryParams, action: PlanContext["action"]): ReadNode {
  const { table } = root;
  const from = root.overSource ? "pgrst_source" : `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
  const alias = root.overSource ? table.name : undefined;
  const node = emptyNode(table, from, alias, table.name, 0);
  // A write filters its rows in its own statement; its representation only reads what it returned.
  if (action !== "write") node.conditions = [...query.conditions];
  node.order = [...query.order];
  node.limit = query.limit;
  node.offset = query.offset;
  addSelect(node, query.select);
  return node;
}

function emptyNode(table: TableInfo, from: string, alias: string | undefined, relName: string, depth: number): ReadNode {
  return {
    table,
    from,
    alias,
    qualifier: alias === undefined ? from : quoteIdentifier(alias),
    select: [],
    children: [],
    conditions: [],
    order: [],
    offset: 0,
    relName,
    aggAlias: "",
    depth,
    joinConditions: [],
  };
}

function addSelect(node: ReadNode, items: SelectItem[]): void {
  for (const item of items) {
    if (item.kind !== "embed") {
      node.select.push(item);
      continue;
    }
    // The table is known once the relationship is found; until then the node carries the name as written.
    const child = emptyNode(node.table, "", undefined, item.relation, node.depth + 1);
    if (item.alias !== undefined) child.relAlias = item.alias;
    if (item.hint !== undefined) child.hint = item.hint;
    if (item.joinType !== undefined) child.joinType = item.joinType;
    if (item.spread) child.spread = "to-one";
    addSelect(child, item.children);
    node.children.push(child);
  }
}

/** The node at a path of names or aliases, moved first among its siblings at every level (PGRST108 if absent). */
function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const index = node.children.findIndex((child) => child.relName === name || child.relAlias === name);
    const child = node.children[index];
    if (!child) throw notEmbedded(name);
    node.children.splice(index, 1);
    node.children.unshift(child);
    node = child;
  }
  return node;
}

function resolveRelationships(node: ReadNode, context: PlanContext): void {
  for (const child of node.children) {
    const relationship = findRelationship(context.relationships, context.schema, node.table.name, child.relName, child.hint);
    const { foreignTable } = relationship;
    const table = context.tableOf(foreignTable.schema, foreignTable.name);
    if (!table) throw new Error(`related table ${foreignTable.schema}.${foreignTable.name} is not in the schema cache`);
    const from = `${quoteIdentifier(foreignTable.schema)}.${quoteIdentifier(foreignTable.name)}`;
    const { cardinality } = relationship;
    child.table = table;
    child.from = from;
    child.relationship = relationship;
    child.aggAlias = `${relationship.table.name}_${child.relAlias ?? child.relName}_${child.depth}`;
    if (child.spread && !isToOne(relationship)) child.spread = "to-many";
    const column = (qualifier: string, name: string) => `${qualifier}.${quoteIdentifier(name)}`;
    if (cardinality.kind === "many-to-many") {
      // The junction is joined in the embedded query's FROM; neither table needs an alias.
      const { junction } = cardinality;
      const junctionName = `${quoteIdentifier(junction.table.schema)}.${quoteIdentifier(junction.table.name)}`;
      child.junction = junctionName;
      child.qualifier = from;
      child.joinConditions = [
        ...junction.targetColumns.map(([target, via]) => `${column(junctionName, via)} = ${column(from, target)}`),
        ...junction.sourceColumns.map(([source, via]) => `${column(junctionName, via)} = ${column(node.qualifier, source)}`),
      ];
    } else {
      child.alias = `${foreignTable.name}_${child.depth}`;
      child.qualifier = quoteIdentifier(child.alias);
      child.joinConditions = cardinality.columns.map(([own, foreign]) => `${column(child.qualifier, foreign)} = ${column(node.qualifier, own)}`);
    }
    resolveRelationships(child, context);
  }
}

/** `order=rel(col)` needs `rel` embedded, and to-one (PGRST108, PGRST118). */
function addRelatedOrders(node: ReadNode): void {
  for (const term of node.order) {
    if (term.relation === undefined) continue;
    const embedded = node.children.find((child) => (child.relAlias ?? child.relName) === term.relation);
    if (!embedded) throw notEmbedded(term.relation);
    if (!embedded.relationship || !isToOne(embedded.relationship)) {
      throw new RestError(400, {
        code: "PGRST118",
        message: `A related order on '${term.relation}' is not possible`,
        details: `'${node.table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      });
    }
    term.embedded = embedded;
  }
  node.children.forEach(addRelatedOrders);
}

/** `rel=is.null` and `rel=not.is.null` on an embedded resource test whether it has rows (anti and semi joins). */
function addNullEmbedFilters(node: ReadNode): void {
  const convert = (condition: PlanCondition): PlanCondition => {
    if (condition.kind === "logic") return { ...condition, children: condition.children.map(convert) };
    if (condition.kind !== "filter" || condition.jsonPath || condition.operation.kind !== "is") return condition;
    if (condition.operation.value !== "null") return condition;
    const embedded = node.children.find((child) => (child.relAlias ?? child.relName) === condition.column);
    return embedded ? { kind: "embedNull", negated: condition.negated, node: embedded } : condition;
  };
  node.conditions = node.conditions.map(convert);
  node.children.forEach(addNullEmbedFilters);
}

const hasAggregate = (node: ReadNode) => node.select.some((field) => field.kind === "column" && field.aggregate !== undefined);

function markStarExpansion(node: ReadNode, inherited: boolean): void {
  node.expandStar = inherited || hasAggregate(node) || node.spread === "to-many";
  for (const child of node.children) markStarExpansion(child, node.expandStar);
}

/** In a spread resource an aggregate without an alias is named after its function, so its parent can name it. */
function nameSpreadAggregates(node: ReadNode): void {
  if (node.spread) {
    node.select = node.select.map((field) =>
      field.kind === "column" && field.aggregate !== undefined && field.alias === undefined ? { ...field, alias: field.aggregate } : field,
    );
  }
  node.children.forEach(nameSpreadAggregates);
}

/** Aggregates are off unless pgrst.db_aggregates_enabled is set (PGRST123), as on Supabase. */
function checkAggregates(node: ReadNode, enabled: boolean): void {
  if (!enabled && hasAggregate(node)) {
    throw new RestError(400, { code: "PGRST123", message: "Use of aggregate functions is not allowed" });
  }
  for (const child of node.children) checkAggregates(child, enabled);
}

/** A to-one spread's aggregates move up to where its columns land, so they aggregate over the parent's rows. */
function hoistSpreadAggregates(node: ReadNode): void {
  node.children.forEach(hoistSpreadAggregates);
  if (node.spread !== "to-one") return;
  const hoisted = new Map<string, HoistedAggregate>();
  node.select = node.select.map((field) => {
    if (field.kind !== "column" || field.aggregate === undefined) return field;
    const { aggregate, aggregateCast, ...plain } = field;
    const entry: HoistedAggregate = { aggregate };
    if (aggregateCast !== undefined) entry.aggregateCast = aggregateCast;
    if (field.alias !== undefined) entry.alias = field.alias;
    hoisted.set(field.alias ?? field.column, entry);
    return plain.column === "*" ? { ...plain, wholeRow: true } : plain;
  });
  for (const child of node.children) {
    if (child.spread === "to-one") for (const [name, entry] of child.hoisted ?? []) hoisted.set(name, entry);
  }
  node.hoisted = hoisted;
}

function refuseToManySpreadAggregates(node: ReadNode): void {
  const childAggregates = node.children.some((child) => child.spread === "to-one" && (child.hoisted?.size ?? 0) > 0);
  if (node.spread === "to-many" && (hasAggregate(node) || childAggregates)) {
    throw notImplemented("Aggregates are not implemented for one-to-many or many-to-many spreads.");
  }
  node.children.forEach(refuseToManySpreadAggregates);
}

/** max-rows limits every embedded resource too; limit=0 stays 0. */
function restrictRanges(node: ReadNode, maxRows: number): void {
  for (const child of node.children) {
    child.limit = child.limit === undefined ? maxRows : Math.min(child.limit, maxRows);
    restrictRanges(child, maxRows);
  }
}

/** The columns each node names, to reload the schema cache when one is missing. */
export function missingColumns(node: ReadNode, knows: (table: TableInfo, name: string) => boolean): boolean {
  const names: string[] = [];
  for (const item of node.select) if (item.kind === "column" && item.column !== "*") names.push(item.column);
  const visit = (condition: PlanCondition | Condition) => {
    if (condition.kind === "filter") names.push(condition.column);
    else if (condition.kind === "logic") (condition.children as Array<PlanCondition | Condition>).forEach(visit);
  };
  node.conditions.forEach(visit);
  for (const term of node.order) if (!term.embedded) names.push(term.column);
  return names.some((name) => !knows(node.table, name)) || node.children.some((child) => missingColumns(child, knows));
}
