import type { Transaction } from "@electric-sql/pglite";
import type { RequestContext } from "../database.ts";
import { authenticateRequest } from "../request-auth.ts";
import type { Service, ServiceDeps } from "../service.ts";
import {
  RestError,
  fromPostgresError,
  isPostgresError,
  jwtError,
  maxAffectedOnSingleResult,
  maxAffectedViolation,
  singularityError,
  tableNotFound,
} from "./errors.ts";
import { appliedPreferences, contentTypeOf, type AppliedTo, negotiateFormat, negotiateSchema, parsePreferences, type Preferences } from "./negotiation.ts";
import { closestMatch } from "./fuzzy.ts";
import { insertPayload, objectPayload, parseJsonBody } from "./payload.ts";
import { parseQueryParams, type Condition, type QueryParams } from "./query-params.ts";
import { missingColumns, planRead, type PlanContext, type PlanRoot, type ReadNode } from "./read-plan.ts";
import { contentRange, errorResponse, readRange, restResponse } from "./response.ts";
import { findFunction } from "./rpc.ts";
import { SchemaCache, type TableInfo } from "./schema-cache.ts";
import {
  buildCall,
  buildCountEstimate,
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  callResultTable,
  type BodyFormat,
  type SqlStatement,
} from "./sql-builder.ts";

/** PostgREST's max_rows as the Supabase CLI configures it: no response carries more rows. */
const MAX_ROWS = 1000;
const TEXT_TYPE_OID = 25;

interface RestRequest {
  request: Request;
  name: string;
  schema: string;
  /** Whether responses name the schema in Content-Profile. */
  negotiatedSchema: boolean;
  query: QueryParams;
  preferences: Preferences;
  format: BodyFormat;
  context: RequestContext;
}

interface StatementResult {
  total: number | null;
  page_total: number;
  body: string;
  inserted: number | null;
}

/** The PostgREST subset served under /rest/v1: tables at "/{table}", functions at "/rpc/{function}". */
export function createRestService({ db, config }: ServiceDeps): Service {
  const cache = new SchemaCache(db.pg);

  return async (request, subpath) => {
    let authenticated = false;
    try {
      const auth = await authenticateRequest(request, config);
      if (!auth.ok) throw jwtError(auth.reason);
      authenticated = auth.claims.role !== "anon";
      const route = routeOf(subpath);
      const settings = await cache.settings();
      const { schema, negotiated } = negotiateSchema(request, settings.schemas);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const rest: RestRequest = {
        request,
        name: route.name,
        schema,
        negotiatedSchema: negotiated,
        query: parseQueryParams(new URL(request.url).searchParams),
        preferences: parsePreferences(request.headers.get("prefer")),
        format: negotiateFormat(request.headers.get("accept")),
        context: { claims: auth.claims, method: request.method, path: subpath, headers },
      };
      if (route.kind === "function") return await callFunction(rest);
      switch (request.method) {
        case "GET":
        case "HEAD":
          return await read(rest);
        case "POST":
          return await insert(rest);
        case "PUT":
          return await put(rest);
        case "PATCH":
          return await update(rest);
        case "DELETE":
          return await remove(rest);
        default:
          throw new RestError(405, { code: "PGRST117", message: `Unsupported HTTP method: ${request.method}` });
      }
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error);
      if (isPostgresError(error)) return errorResponse(fromPostgresError(error, authenticated));
      throw error;
    }
  };

  async function read(rest: RestRequest): Promise<Response> {
    const { query, format } = rest;
    const { count } = rest.preferences;
    const table = await tableFor(rest.schema, rest.name, rootColumns(query));
    const plan = await planFor(rest, { table, overSource: false }, "read", { ...query, limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS) });
    // count=estimated counts exactly up to max-rows and past that takes the planner's estimate if larger;
    // count=planned only asks the planner.
    const exact = count === "exact" ? {} : count === "estimated" ? { limit: MAX_ROWS + 1 } : false;
    const statement = buildRead(plan, { count: exact, format });
    const result = await db.asRequest(
      rest.context,
      async (tx) => {
        const rows = await run(tx, statement);
        const estimating = count === "planned" || (count === "estimated" && (rows.total ?? 0) > MAX_ROWS);
        if (!estimating) return rows;
        const estimate = await planRows(tx, buildCountEstimate(plan));
        return { ...rows, total: count === "planned" ? estimate : Math.max(rows.total ?? 0, estimate ?? 0) };
      },
      { readOnly: true },
    );
    if (format.shape === "object" && result.page_total !== 1) throw singularityError(result.page_total);
    const { status, range } = readRange(query.offset, result.page_total, result.total);
    return restResponse(status, {
      body: rest.request.method === "HEAD" ? undefined : result.body,
      contentType: contentTypeOf(format),
      headers: { "Content-Range": range, "Preference-Applied": appliedPreferences(rest.preferences, "read"), ...profileHeader(rest) },
    });
  }

  async function insert(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    const payload = insertPayload(parseJsonBody(await rest.request.text(), undefined), query.columns);
    const table = await tableFor(rest.schema, rest.name, [...payload.columns, ...(query.onConflict ?? []), ...rootColumns(query)]);
    const statement = buildInsert(table, {
      rows: payload.rows,
      columns: payload.columns,
      missingAsDefault: preferences.missing === "default",
      onConflict: conflictHandling(table, query, preferences),
      returning: await representation(rest, table),
      format: rest.format,
    });
    const result = await mutate(rest, statement, false);
    const keyed = table.primaryKey.length > 0 || query.onConflict !== undefined;
    // An upsert merging duplicates that only updated rows answers 200; anything it created, 201.
    const onlyUpdated = preferences.resolution === "merge-duplicates" && (result.inserted ?? 1) <= 0;
    return writeResponse(rest, result, onlyUpdated ? 200 : 201, contentRange(1, 0, countOf(preferences, result)), keyed ? "insert-with-key" : "insert");
  }

  /** PUT: one row, created or replaced by its primary key, which the filters must give exactly (with eq). */
  async function put(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    if (query.limit !== undefined || query.offset > 0) {
      throw new RestError(400, { code: "PGRST114", message: "limit/offset querystring parameters are not allowed for PUT" });
    }
    const payload = insertPayload(parseJsonBody(await rest.request.text(), undefined), query.columns);
    const table = await tableFor(rest.schema, rest.name, [...payload.columns, ...rootColumns(query)]);
    const filtered = new Set(query.conditions.map((condition) => (condition.kind === "filter" ? condition.column : "")));
    const byKey =
      table.primaryKey.length > 0 &&
      filtered.size === table.primaryKey.length &&
      table.primaryKey.every((column) => filtered.has(column)) &&
      query.conditions.every(
        (condition) =>
          condition.kind === "filter" &&
          !condition.negated &&
          !condition.jsonPath &&
          condition.operation.kind === "compare" &&
          condition.operation.operator === "eq" &&
          condition.operation.quantifier === undefined,
      );
    if (!byKey) {
      throw new RestError(405, { code: "PGRST105", message: "Filters must include all and only primary key columns with 'eq' operators" });
    }
    const statement = buildInsert(table, {
      rows: payload.rows,
      columns: payload.columns,
      missingAsDefault: false,
      onConflict: { columns: table.primaryKey, action: "merge" },
      putConditions: query.conditions,
      returning: await representation(rest, table),
      format: rest.format,
    });
    const result = await db.asRequest(rest.context, async (tx) => {
      const written = await run(tx, statement);
      if (written.page_total !== 1) {
        throw new RestError(400, { code: "PGRST115", message: "Payload values do not match URL in primary key column(s)" });
      }
      return written;
    });
    const withBody = preferences.return === "representation";
    return restResponse(withBody ? ((result.inserted ?? 0) > 0 ? 201 : 200) : 204, {
      body: withBody ? result.body : undefined,
      contentType: contentTypeOf(rest.format),
      headers: { "Preference-Applied": appliedPreferences(preferences, "upsert-by-put"), ...(withBody ? profileHeader(rest) : {}) },
    });
  }

  async function update(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    const values = objectPayload(parseJsonBody(await rest.request.text(), {}));
    const table = await tableFor(rest.schema, rest.name, [...Object.keys(values), ...rootColumns(query)]);
    if (Object.keys(values).length > 0) requireWhereClause("UPDATE", query.conditions);
    const statement = buildUpdate(table, {
      values,
      conditions: query.conditions,
      returning: await representation(rest, table),
      format: rest.format,
    });
    const result = await mutate(rest, statement, true);
    const range = contentRange(0, result.page_total - 1, countOf(preferences, result));
    return writeResponse(rest, result, preferences.return === "representation" ? 200 : 204, range, "update");
  }

  async function remove(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    const table = await tableFor(rest.schema, rest.name, rootColumns(query));
    requireWhereClause("DELETE", query.conditions);
    const statement = buildDelete(table, {
      conditions: query.conditions,
      returning: await representation(rest, table),
      format: rest.format,
    });
    const result = await mutate(rest, statement, true);
    const range = contentRange(1, 0, countOf(preferences, result));
    return writeResponse(rest, result, preferences.return === "representation" ? 200 : 204, range, "delete");
  }

  async function callFunction(rest: RestRequest): Promise<Response> {
    const { request, query, format } = rest;
    const readsOnly = request.method === "GET" || request.method === "HEAD";
    if (!readsOnly && request.method !== "POST") {
      throw new RestError(405, { code: "PGRST101", message: `Cannot use the ${request.method} method on RPC` });
    }
    const args = readsOnly ? Object.fromEntries(query.args) : objectPayload(parseJsonBody(await request.text(), {}));
    const fn = await findFunction(cache, rest.schema, rest.name, Object.keys(args), !readsOnly);
    const strictlyLimited = rest.preferences.handling === "strict" && rest.preferences.maxAffected !== undefined;
    if (strictlyLimited && !(fn.returns.kind !== "void" && fn.returns.setOf)) throw maxAffectedOnSingleResult();
    const result = callResultTable(fn);
    const resultTable: TableInfo = { schema: rest.schema, name: result.name, columns: result.columns, primaryKey: [], isView: false };
    const callPlan = await planFor(rest, { table: resultTable, overSource: true }, "call", {
      ...query,
      limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS),
    });
    // A call counts only with count=exact or estimated, and never asks the planner.
    const counted = rest.preferences.count === "exact" || rest.preferences.count === "estimated";
    const statement = buildCall(fn, { args, plan: callPlan, count: counted, format });
    const outcome = await db.asRequest(
      rest.context,
      async (tx) => {
        const result = await run(tx, statement);
        // Thrown inside the transaction, so whatever the function changed is rolled back.
        if (format.shape === "object" && result.page_total !== 1) throw singularityError(result.page_total);
        if (strictlyLimited && result.page_total > (rest.preferences.maxAffected ?? 0)) throw maxAffectedViolation(result.page_total);
        return result;
      },
      { readOnly: readsOnly || !fn.volatile },
    );
    const { status, range } = readRange(query.offset, outcome.page_total, outcome.total);
    const headers = { "Content-Range": range, "Preference-Applied": appliedPreferences(rest.preferences, "call") };
    if (fn.returns.kind === "void") return restResponse(204, { headers });
    return restResponse(status, {
      body: request.method === "HEAD" ? undefined : outcome.body,
      contentType: contentTypeOf(format),
      headers: { ...headers, ...profileHeader(rest) },
    });
  }

  /** The read over a write's rows, when `Prefer: return=representation` asks for them. It is planned either
   *  way, so a select naming a missing relationship is refused as PostgREST refuses it. */
  async function representation(rest: RestRequest, table: TableInfo): Promise<ReadNode | undefined> {
    const plan = await planFor(rest, { table, overSource: true }, "write", rest.query);
    return rest.preferences.return === "representation" ? plan : undefined;
  }

  /** Plans the read, reloading the schema cache once when a relationship or a column is not in it. */
  async function planFor(rest: RestRequest, root: PlanRoot, action: PlanContext["action"], query: QueryParams): Promise<ReadNode> {
    const attempt = async (fresh: boolean) => {
      const { relationships, tableOf, knows } = await cache.relationships(fresh);
      const { aggregatesEnabled } = await cache.settings();
      const planned = planRead(root, query, { schema: rest.schema, relationships, tableOf, action, maxRows: MAX_ROWS, aggregatesEnabled });
      return { planned, complete: !missingColumns(planned, knows) };
    };
    try {
      const first = await attempt(false);
      return first.complete ? first.planned : (await attempt(true)).planned;
    } catch (error) {
      if (error instanceof RestError && error.code === "PGRST200") return (await attempt(true)).planned;
      throw error;
    }
  }

  /** Runs a write in one transaction; `.single()` on anything but one row answers 406, and more rows than
   *  `max-affected` (with handling=strict, for updates and deletes) PGRST124; either rolls the write back. */
  async function mutate(rest: RestRequest, statement: SqlStatement, limited: boolean): Promise<StatementResult> {
    const { handling, maxAffected } = rest.preferences;
    return db.asRequest(rest.context, async (tx) => {
      const result = await run(tx, statement);
      if (rest.format.shape === "object" && result.page_total !== 1) throw singularityError(result.page_total);
      if (limited && handling === "strict" && maxAffected !== undefined && result.page_total > maxAffected) {
        throw maxAffectedViolation(result.page_total);
      }
      return result;
    });
  }

  async function tableFor(schema: string, name: string, columns: Iterable<string>): Promise<TableInfo> {
    const table = await cache.table(schema, name, columns);
    if (table) return table;
    // Like PostgREST, a close name (similarity of at least 0.75) is suggested, in schemas under 500 tables.
    const names = await cache.tableNames(schema);
    const close = names.length < 500 ? closestMatch(names, name, 0.75) : undefined;
    throw tableNotFound(schema, name, close === undefined ? null : `Perhaps you meant the table '${schema}.${close}'`);
  }
}

/** The count a write reports in Content-Range: the affected rows, with count=exact or estimated. */
function countOf(preferences: Preferences, result: StatementResult): number | null {
  return preferences.count === "exact" || preferences.count === "estimated" ? result.page_total : null;
}

/** Content-Profile names the schema on responses with a body, when it was negotiated. */
function profileHeader(rest: RestRequest): Record<string, string> {
  return rest.negotiatedSchema ? { "Content-Profile": rest.schema } : {};
}

/** A write's answer: the affected rows only when `Prefer: return=representation` asked for them. */
function writeResponse(rest: RestRequest, result: StatementResult, status: number, range: string, action: AppliedTo): Response {
  const withBody = rest.preferences.return === "representation";
  return restResponse(status, {
    body: withBody ? result.body : undefined,
    contentType: contentTypeOf(rest.format),
    headers: {
      "Content-Range": range,
      "Preference-Applied": appliedPreferences(rest.preferences, action),
      ...(withBody ? profileHeader(rest) : {}),
    },
  });
}

/** The planner's row estimate from EXPLAIN (FORMAT JSON). */
async function planRows(tx: Transaction, statement: SqlStatement): Promise<number | null> {
  const { rows } = await tx.query<{ "QUERY PLAN": Array<{ Plan?: { "Plan Rows"?: number } }> }>(statement.sql, statement.params, {
    paramTypes: statement.params.map(() => TEXT_TYPE_OID),
  });
  const estimate = rows[0]?.["QUERY PLAN"]?.[0]?.Plan?.["Plan Rows"];
  return typeof estimate === "number" ? Math.round(estimate) : null;
}

async function run(tx: Transaction, statement: SqlStatement): Promise<StatementResult> {
  const { rows } = await tx.query<StatementResult>(statement.sql, statement.params, {
    paramTypes: statement.params.map(() => TEXT_TYPE_OID),
  });
  const row = rows[0];
  if (!row) throw new Error("A REST statement returned no result row");
  return row;
}

function routeOf(subpath: string): { kind: "table" | "function"; name: string } {
  const segments = subpath.split("/").filter((segment) => segment !== "");
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw invalidPath();
    }
  };
  if (segments.length === 0) {
    throw new RestError(404, { code: "PGRST126", message: "Root endpoint metadata is disabled" });
  }
  if (segments.length === 1) return { kind: "table", name: decode(segments[0] ?? "") };
  if (segments.length === 2 && segments[0] === "rpc") return { kind: "function", name: decode(segments[1] ?? "") };
  throw invalidPath();
}

function invalidPath(): RestError {
  return new RestError(404, { code: "PGRST125", message: "Invalid path specified in request URL" });
}

/** pg-safeupdate, which Supabase loads for API requests, refuses UPDATE and DELETE without a WHERE clause. */
function requireWhereClause(command: "UPDATE" | "DELETE", conditions: Condition[]): void {
  if (conditions.length === 0) {
    throw new RestError(400, { code: "21000", message: `${command} requires a WHERE clause` });
  }
}

/** Upserts conflict on `on_conflict`, else on the primary key; without either it is a plain insert. */
function conflictHandling(table: TableInfo, query: QueryParams, preferences: Preferences): { columns: string[]; action: "merge" | "ignore" } | undefined {
  if (!preferences.resolution) return undefined;
  const columns = query.onConflict ?? table.primaryKey;
  if (columns.length === 0) return undefined;
  return { columns, action: preferences.resolution === "merge-duplicates" ? "merge" : "ignore" };
}

/** The top level's columns a request names, so the schema cache can reload when one is new. */
function rootColumns(query: QueryParams): string[] {
  const names: string[] = [];
  for (const item of query.select) if (item.kind === "column" && item.column !== "*") names.push(item.column);
  const visit = (condition: Condition) => {
    if (condition.kind === "filter") names.push(condition.column);
    else condition.children.forEach(visit);
  };
  query.conditions.forEach(visit);
  for (const term of query.order) if (term.relation === undefined) names.push(term.column);
  return names;
}
