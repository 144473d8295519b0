import type { Transaction } from "@electric-sql/pglite";
import type { RequestContext } from "../database.ts";
import { authenticateRequest } from "../request-auth.ts";
import type { Service, ServiceDeps } from "../service.ts";
import {
  RestError,
  fromPostgresError,
  isPostgresError,
  jwtError,
  singularityError,
  tableNotFound,
} from "./errors.ts";
import { appliedPreferences, checkProfile, contentTypeOf, negotiateFormat, parsePreferences, type Preferences } from "./negotiation.ts";
import { insertPayload, objectPayload, parseJsonBody } from "./payload.ts";
import { parseQueryParams, type Condition, type QueryParams } from "./query-params.ts";
import { contentRange, errorResponse, readRange, restResponse } from "./response.ts";
import { findFunction } from "./rpc.ts";
import { SchemaCache, type TableInfo } from "./schema-cache.ts";
import {
  buildCall,
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  type BodyFormat,
  type SqlStatement,
} from "./sql-builder.ts";

/** PostgREST's max_rows as the Supabase CLI configures it: no response carries more rows. */
const MAX_ROWS = 1000;
const TEXT_TYPE_OID = 25;

interface RestRequest {
  request: Request;
  name: string;
  query: QueryParams;
  preferences: Preferences;
  format: BodyFormat;
  context: RequestContext;
}

interface StatementResult {
  total: number | null;
  page_total: number;
  body: string;
}

/** The PostgREST subset served under /rest/v1: tables at "/{table}", functions at "/rpc/{function}". */
export function createRestService({ db, config }: ServiceDeps): Service {
  const schema = new SchemaCache(db.pg);

  return async (request, subpath) => {
    let authenticated = false;
    try {
      const auth = await authenticateRequest(request, config);
      if (!auth.ok) throw jwtError(auth.reason);
      authenticated = auth.claims.role !== "anon";
      const route = routeOf(subpath);
      checkProfile(request);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const rest: RestRequest = {
        request,
        name: route.name,
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
    const table = await tableFor(rest.name, referencedColumns(query));
    const count = rest.preferences.count !== undefined;
    const statement = buildRead(table, {
      select: query.select,
      conditions: query.conditions,
      order: query.order,
      limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS),
      offset: query.offset,
      count,
      format,
    });
    const result = await db.asRequest(rest.context, (tx) => run(tx, statement), { readOnly: true });
    if (format.shape === "object" && result.page_total !== 1) throw singularityError(result.page_total);
    const { status, range } = readRange(query.offset, result.page_total, result.total);
    return restResponse(status, {
      body: rest.request.method === "HEAD" ? undefined : result.body,
      contentType: contentTypeOf(format),
      headers: { "Content-Range": range, "Preference-Applied": appliedPreferences(rest.preferences, ["count"]) },
    });
  }

  async function insert(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    const payload = insertPayload(parseJsonBody(await rest.request.text(), undefined), query.columns);
    const table = await tableFor(rest.name, [...payload.columns, ...(query.onConflict ?? []), ...referencedColumns(query)]);
    const representation = preferences.return === "representation";
    const statement = buildInsert(table, {
      rows: payload.rows,
      columns: payload.columns,
      missingAsDefault: preferences.missing === "default",
      onConflict: conflictHandling(table, query, preferences),
      returning: representation ? query.select : undefined,
      format: rest.format,
    });
    const result = await mutate(rest, statement);
    return writeResponse(rest, result, 201, contentRange(1, 0, preferences.count ? result.page_total : null), [
      "resolution",
      "return",
      "count",
      "missing",
    ]);
  }

  async function update(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    const values = objectPayload(parseJsonBody(await rest.request.text(), {}));
    const table = await tableFor(rest.name, [...Object.keys(values), ...referencedColumns(query)]);
    if (Object.keys(values).length > 0) requireWhereClause("UPDATE", query.conditions);
    const representation = preferences.return === "representation";
    const statement = buildUpdate(table, {
      values,
      conditions: query.conditions,
      returning: representation ? query.select : undefined,
      format: rest.format,
    });
    const result = await mutate(rest, statement);
    const range = contentRange(0, result.page_total - 1, preferences.count ? result.page_total : null);
    return writeResponse(rest, result, representation ? 200 : 204, range, ["return", "count"]);
  }

  async function remove(rest: RestRequest): Promise<Response> {
    const { query, preferences } = rest;
    const table = await tableFor(rest.name, referencedColumns(query));
    requireWhereClause("DELETE", query.conditions);
    const representation = preferences.return === "representation";
    const statement = buildDelete(table, {
      conditions: query.conditions,
      returning: representation ? query.select : undefined,
      format: rest.format,
    });
    const result = await mutate(rest, statement);
    const range = contentRange(1, 0, preferences.count ? result.page_total : null);
    return writeResponse(rest, result, representation ? 200 : 204, range, ["return", "count"]);
  }

  async function callFunction(rest: RestRequest): Promise<Response> {
    const { request, query, format } = rest;
    const readsOnly = request.method === "GET" || request.method === "HEAD";
    if (!readsOnly && request.method !== "POST") {
      throw new RestError(405, { code: "PGRST101", message: `Cannot use the ${request.method} method on RPC` });
    }
    const args = readsOnly ? Object.fromEntries(query.args) : objectPayload(parseJsonBody(await request.text(), {}));
    const fn = await findFunction(schema, rest.name, Object.keys(args), !readsOnly);
    const statement = buildCall(fn, {
      args,
      select: query.select,
      conditions: query.conditions,
      order: query.order,
      limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS),
      offset: query.offset,
      count: rest.preferences.count !== undefined,
      format,
    });
    const result = await db.asRequest(rest.context, (tx) => run(tx, statement), { readOnly: readsOnly || !fn.volatile });
    if (format.shape === "object" && result.page_total !== 1) throw singularityError(result.page_total);
    const { status, range } = readRange(query.offset, result.page_total, result.total);
    const headers = { "Content-Range": range, "Preference-Applied": appliedPreferences(rest.preferences, ["count"]) };
    if (fn.returns.kind === "void") return restResponse(204, { headers });
    return restResponse(status, {
      body: request.method === "HEAD" ? undefined : result.body,
      contentType: contentTypeOf(format),
      headers,
    });
  }

  /** Runs a write in one transaction; `.single()` on anything but one row answers 406 and rolls it back. */
  async function mutate(rest: RestRequest, statement: SqlStatement): Promise<StatementResult> {
    return db.asRequest(rest.context, async (tx) => {
      const result = await run(tx, statement);
      if (rest.format.shape === "object" && result.page_total !== 1) throw singularityError(result.page_total);
      return result;
    });
  }

  async function tableFor(name: string, columns: Iterable<string>): Promise<TableInfo> {
    const table = await schema.table(name, columns);
    if (!table) throw tableNotFound(name);
    return table;
  }
}

/** A write's answer: the affected rows only when `Prefer: return=representation` asked for them. */
function writeResponse(
  rest: RestRequest,
  result: StatementResult,
  status: number,
  range: string,
  honoured: ReadonlyArray<keyof Preferences>,
): Response {
  return restResponse(status, {
    body: rest.preferences.return === "representation" ? result.body : undefined,
    contentType: contentTypeOf(rest.format),
    headers: { "Content-Range": range, "Preference-Applied": appliedPreferences(rest.preferences, honoured) },
  });
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
function conflictHandling(
  table: TableInfo,
  query: QueryParams,
  preferences: Preferences,
): { columns: string[]; action: "merge" | "ignore" } | undefined {
  if (!preferences.resolution) return undefined;
  const columns = query.onConflict ?? table.primaryKey;
  if (columns.length === 0) return undefined;
  return { columns, action: preferences.resolution === "merge-duplicates" ? "merge" : "ignore" };
}

/** Every column a request names, so the schema cache can reload when one is new. */
function referencedColumns(query: QueryParams): string[] {
  const names: string[] = [];
  for (const item of query.select) if (item.kind === "column") names.push(item.column);
  const visit = (condition: Condition) => {
    if (condition.kind === "filter") names.push(condition.column);
    else condition.children.forEach(visit);
  };
  query.conditions.forEach(visit);
  for (const term of query.order) names.push(term.column);
  return names;
}
