import { describe, expect, it } from "vitest";
import { RestError } from "./errors.ts";
import { parseQueryParams } from "./query-params.ts";
import { planRead, type ReadNode } from "./read-plan.ts";
import { relationshipKey, type FunctionInfo, type Relationship, type TableInfo } from "./schema-cache.ts";
import { buildCall, buildDelete, buildInsert, buildRead, buildUpdate, callResultTable, quoteIdentifier, type BodyFormat } from "./sql-builder.ts";

const JSON_ARRAY: BodyFormat = { shape: "array", stripNulls: false };

const bookings: TableInfo = {
  schema: "public",
  name: "bookings",
  columns: [
    { name: "id", type: "bigint" },
    { name: "status", type: "booking_status" },
    { name: "move_date", type: "date" },
    { name: "note", type: "text" },
    { name: "tags", type: "text[]" },
    { name: "details", type: "jsonb" },
  ],
  primaryKey: ["id"],
  isView: false,
};

const images: TableInfo = {
  schema: "public",
  name: "booking_images",
  columns: [
    { name: "id", type: "bigint" },
    { name: "booking_id", type: "bigint" },
    { name: "path", type: "text" },
  ],
  primaryKey: ["id"],
  isView: false,
};

const toImages: Relationship = {
  table: { schema: "public", name: "bookings" },
  foreignTable: { schema: "public", name: "booking_images" },
  isSelf: false,
  cardinality: { kind: "one-to-many", constraint: "booking_images_booking_id_fkey", columns: [["id", "booking_id"]] },
  tableIsView: false,
  foreignTableIsView: false,
};

function plan(query: string, overSource = false): ReadNode {
  const params = parseQueryParams(new URLSearchParams(query));
  return planRead({ table: bookings, overSource }, params, {
    schema: "public",
    relationships: new Map([[relationshipKey("public", "bookings"), [toImages]]]),
    tableOf: (_schema, name) => (name === "booking_images" ? images : undefined),
    action: overSource ? "write" : "read",
    maxRows: 1000,
  });
}

function read(query: string, count = false) {
  return buildRead(plan(query), { count: count && {}, format: JSON_ARRAY });
}

function refusal(build: () => unknown): RestError {
  try {
    build();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error("expected the statement to be refused");
}

describe("reads", () => {
  it("selects from the table, casts every value to its column's type and keeps values out of the SQL", () => {
    const statement = read("select=id,day:move_date&status=eq.confirmed&move_date=gte.2024-01-01&order=move_date.desc.nullslast&limit=10&offset=5");
    expect(statement.sql).toBe(
      'WITH pgrst_source AS (SELECT "public"."bookings"."id", "public"."bookings"."move_date" AS "day" FROM "public"."bookings" ' +
        'WHERE "public"."bookings"."status" = $1::booking_status AND "public"."bookings"."move_date" >= $2::date ' +
        'ORDER BY "public"."bookings"."move_date" DESC NULLS LAST LIMIT 10 OFFSET 5) ' +
        "SELECT NULL::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body, " +
        "NULL::int AS inserted FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect(statement.params).toEqual(["confirmed", "2024-01-01"]);
  });

  it("counts with the same filters when asked", () => {
    const statement = read("note=eq.x", true);
    expect(statement.sql).toContain(', pgrst_source_count AS (SELECT 1 FROM "public"."bookings" WHERE "public"."bookings"."note" = $2::text) ');
    expect(statement.sql).toContain("(SELECT pg_catalog.count(*) FROM pgrst_source_count)::int AS total");
  });

  it("never splices a value, however hostile", () => {
    const hostile = "x'; drop table bookings; --";
    const statement = read(
      `note=eq.${encodeURIComponent(hostile)}&or=(note.like.${encodeURIComponent('"a\'b"')},id.in.(1,2))&details->${encodeURIComponent("k'")}=eq.1`,
    );
    expect(statement.sql).not.toContain("drop table");
    expect(statement.sql).not.toContain("a'b");
    // A JSON key is written as a literal, its quote doubled.
    expect(statement.sql).toContain(`->'k'''`);
    expect(statement.params).toEqual([hostile, "a'b", "1", "2", "1"]);
  });

  it("renders is, in, not, like wildcards, quantifiers and nested trees", () => {
    const statement = read(
      "note=is.null&id=not.in.(1,2)&status=in.()&note=like.*rush*&tags=cs.{a,b}&note=ilike(any).{a*,b*}&or=(id.eq.1,and(note.is.true,id.not.eq.2))",
    );
    const column = (name: string) => `"public"."bookings"."${name}"`;
    expect(statement.sql).toContain(
      `WHERE ${column("note")} IS NULL AND NOT (${column("id")} IN ($1::bigint, $2::bigint)) AND false ` +
        `AND ${column("note")} LIKE $3::text AND ${column("tags")} @> $4::text[] AND ${column("note")} ILIKE ANY($5::text[]) ` +
        `AND (${column("id")} = $6::bigint OR (${column("note")} IS TRUE AND NOT (${column("id")} = $7::bigint)))`,
    );
    expect(statement.params).toEqual(["1", "2", "%rush%", "{a,b}", "{a%,b%}", "1", "2"]);
  });

  it("reads JSON paths as PostgREST writes them: jsonb columns as they are, others through to_jsonb", () => {
    const statement = read("select=details->a->>b,note->0&details->>k=eq.x");
    expect(statement.sql).toContain(
      `SELECT "public"."bookings"."details"->'a'->>'b' AS "b", to_jsonb("public"."bookings"."note")->'+0'::int AS "note" ` +
        `FROM "public"."bookings" WHERE "public"."bookings"."details"->>'k' = $1::text`,
    );
    expect(statement.params).toEqual(["x"]);
  });

  it("embeds a to-many resource with one lateral subquery, its own filters, order and max-rows", () => {
    const statement = read("select=id,photos:booking_images(path)&photos.path=like.a*&photos.order=id.desc");
    expect(statement.sql).toContain(
      'SELECT "public"."bookings"."id", COALESCE( "bookings_photos_1"."bookings_photos_1", \'[]\') AS "photos" FROM "public"."bookings" ' +
        'LEFT JOIN LATERAL ( SELECT json_agg("bookings_photos_1")::jsonb AS "bookings_photos_1" FROM (' +
        'SELECT "booking_images_1"."path" FROM "public"."booking_images" AS "booking_images_1" ' +
        'WHERE "booking_images_1"."path" LIKE $1::text AND "booking_images_1"."booking_id" = "public"."bookings"."id" ' +
        'ORDER BY "booking_images_1"."id" DESC LIMIT 1000 ) AS "bookings_photos_1" ) AS "bookings_photos_1" ON TRUE',
    );
  });

  it("renders the single object of .single(), stripped nulls and CSV bodies", () => {
    const node = plan("");
    expect(buildRead(node, { count: false, format: { shape: "object", stripNulls: false } }).sql).toContain(
      "coalesce((json_agg(_postgrest_t) -> 0)::text, '') AS body",
    );
    expect(buildRead(node, { count: false, format: { shape: "array", stripNulls: true } }).sql).toContain(
      "coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]')::text",
    );
    expect(buildRead(node, { count: false, format: { shape: "csv", stripNulls: false } }).sql).toContain("string_agg");
  });

  it("answers a filter on a resource that is not embedded with PGRST108", () => {
    const error = refusal(() => plan("booking_images.path=eq.x"));
    expect(error.code).toBe("PGRST108");
  });
});

describe("writes", () => {
  it("inserts the payload's columns through json_populate_recordset, returning 1 per row without a representation", () => {
    const statement = buildInsert(bookings, {
      rows: [{ note: "a", status: "new" }],
      columns: ["note", "status"],
      missingAsDefault: false,
      format: JSON_ARRAY,
    });
    expect(statement.sql).toBe(
      'WITH pgrst_source AS (INSERT INTO "public"."bookings" ("note", "status") SELECT pgrst_body."note", pgrst_body."status" ' +
        'FROM json_populate_recordset(NULL::"public"."bookings", $1::json) pgrst_body RETURNING 1) ' +
        "SELECT NULL::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, '' AS body, NULL::int AS inserted " +
        "FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect(statement.params).toEqual(['[{"note":"a","status":"new"}]']);
  });

  it("uses DEFAULT for absent keys with missing=default, and upserts on the conflict columns", () => {
    const statement = buildInsert(bookings, {
      rows: [{ id: 1, note: "a" }, { id: 2 }],
      columns: ["id", "note"],
      missingAsDefault: true,
      onConflict: { columns: ["id"], action: "merge" },
      returning: plan("select=id", true),
      format: JSON_ARRAY,
    });
    expect(statement.sql).toContain(
      'VALUES ((json_populate_record(NULL::"public"."bookings", $1::json -> 0))."id", (json_populate_record(NULL::"public"."bookings", $1::json -> 0))."note"), ' +
        '((json_populate_record(NULL::"public"."bookings", $1::json -> 1))."id", DEFAULT) ' +
        'ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "note" = EXCLUDED."note" WHERE set_config(\'pgrst.inserted\'',
    );
    expect(statement.sql).toContain('RETURNING "public"."bookings"."id")');
    expect(statement.sql).toContain('FROM (SELECT "bookings"."id" FROM pgrst_source AS "bookings") _postgrest_t');
  });

  it("inserts a row of defaults for an empty object", () => {
    const statement = buildInsert(bookings, { rows: [{}], columns: [], missingAsDefault: false, format: JSON_ARRAY });
    expect(statement.sql).toContain('INSERT INTO "public"."bookings" ("id") VALUES (DEFAULT) RETURNING 1');
  });

  it("answers an unknown payload column with PGRST204", () => {
    const error = refusal(() => buildInsert(bookings, { rows: [{ nope: 1 }], columns: ["nope"], missingAsDefault: false, format: JSON_ARRAY }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("PGRST204");
    expect(error.message).toBe("Could not find the 'nope' column of 'bookings' in the schema cache");
    expect(() => buildUpdate(bookings, { values: { nope: 1 }, conditions: [], format: JSON_ARRAY })).toThrow(/'nope' column/);
  });

  it("updates from the JSON body with the filters as WHERE", () => {
    const { conditions } = parseQueryParams(new URLSearchParams("id=eq.7"));
    const statement = buildUpdate(bookings, { values: { status: "done" }, conditions, format: JSON_ARRAY });
    expect(statement.sql).toContain(
      'UPDATE "public"."bookings" SET "status" = pgrst_body."status" FROM (SELECT * FROM json_populate_record(NULL::"public"."bookings", $2::json)) pgrst_body ' +
        'WHERE "public"."bookings"."id" = $1::bigint RETURNING 1',
    );
    expect(statement.params).toEqual(["7", '{"status":"done"}']);
  });

  it("deletes with the filters as WHERE", () => {
    const { conditions } = parseQueryParams(new URLSearchParams("status=neq.done"));
    expect(buildDelete(bookings, { conditions, format: JSON_ARRAY }).sql).toContain(
      'DELETE FROM "public"."bookings" WHERE "public"."bookings"."status" <> $1::booking_status RETURNING 1',
    );
  });
});

describe("function calls", () => {
  const hasRole: FunctionInfo = {
    schema: "public",
    name: "has_role",
    params: [
      { name: "_user_id", type: "uuid", hasDefault: false },
      { name: "_role", type: "app_role", hasDefault: false },
    ],
    returns: { kind: "scalar", setOf: false },
    volatile: false,
  };

  it("passes named arguments typed by the function's declaration, and reads the result over pgrst_source", () => {
    const result = callResultTable(hasRole);
    const callPlan = planRead(
      { table: { schema: "public", name: result.name, columns: result.columns, primaryKey: [], isView: false }, overSource: true },
      parseQueryParams(new URLSearchParams("")),
      { schema: "public", relationships: new Map(), tableOf: () => undefined, action: "call" },
    );
    const statement = buildCall(hasRole, { args: { _user_id: "8d0f…", _role: "admin" }, plan: callPlan, count: false, format: JSON_ARRAY });
    expect(statement.sql).toContain(
      'FROM json_to_record($1::json) AS pgrst_body("_user_id" uuid, "_role" app_role), LATERAL ' +
        '(SELECT "public"."has_role"("_user_id" => pgrst_body."_user_id", "_role" => pgrst_body."_role") AS pgrst_scalar) pgrst_call',
    );
    expect(statement.sql).toContain('FROM (SELECT "has_role".* FROM pgrst_source AS "has_role") _postgrest_t');
    expect(statement.sql).toContain("coalesce((json_agg(_postgrest_t.pgrst_scalar) -> 0)::text, 'null') AS body");
  });
});

describe("identifiers", () => {
  it("quotes like quote_ident", () => {
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});
