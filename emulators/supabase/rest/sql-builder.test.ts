import { describe, expect, it } from "vitest";
import { RestError } from "./errors.ts";
import { parseQueryParams } from "./query-params.ts";
import type { FunctionInfo, TableInfo } from "./schema-cache.ts";
import { buildCall, buildDelete, buildInsert, buildRead, buildUpdate, quoteIdentifier, type BodyFormat } from "./sql-builder.ts";

const JSON_ARRAY: BodyFormat = { shape: "array", stripNulls: false };

const bookings: TableInfo = {
  name: "bookings",
  columns: [
    { name: "id", type: "bigint" },
    { name: "status", type: "booking_status" },
    { name: "move_date", type: "date" },
    { name: "note", type: "text" },
    { name: "tags", type: "text[]" },
  ],
  primaryKey: ["id"],
};

function read(query: string, count = false) {
  const params = parseQueryParams(new URLSearchParams(query));
  return buildRead(bookings, { ...params, count, format: JSON_ARRAY });
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
      'WITH pgrst_source AS (SELECT "bookings"."id", "bookings"."move_date" AS "day" FROM "public"."bookings" ' +
        'WHERE "bookings"."status" = $1::booking_status AND "bookings"."move_date" >= $2::date ' +
        'ORDER BY "bookings"."move_date" DESC NULLS LAST LIMIT 10 OFFSET 5) ' +
        "SELECT NULL::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body " +
        "FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect(statement.params).toEqual(["confirmed", "2024-01-01"]);
  });

  it("counts with the same filters when asked", () => {
    const statement = read("note=eq.x", true);
    expect(statement.sql).toContain('(SELECT pg_catalog.count(*) FROM "public"."bookings" WHERE "bookings"."note" = $1::text)::int AS total');
  });

  it("never splices a value, however hostile", () => {
    const hostile = "x'; drop table bookings; --";
    const statement = read(`note=eq.${encodeURIComponent(hostile)}&or=(note.like.${encodeURIComponent('"a\'b"')},id.in.(1,2))`);
    expect(statement.sql).not.toContain("drop table");
    expect(statement.sql).not.toContain("a'b");
    expect(statement.params).toEqual([hostile, "a'b", "1", "2"]);
  });

  it("renders is, in, not, like wildcards, quantifiers and nested trees", () => {
    const statement = read(
      "note=is.null&id=not.in.(1,2)&status=in.()&note=like.*rush*&tags=cs.{a,b}&note=ilike(any).{a*,b*}&or=(id.eq.1,and(note.is.true,id.not.eq.2))",
    );
    expect(statement.sql).toContain(
      'WHERE "bookings"."note" IS NULL AND NOT ("bookings"."id" IN ($1::bigint, $2::bigint)) AND false ' +
        'AND "bookings"."note" LIKE $3::text AND "bookings"."tags" @> $4::text[] AND "bookings"."note" ILIKE ANY($5::text[]) ' +
        'AND ("bookings"."id" = $6::bigint OR ("bookings"."note" IS TRUE AND NOT ("bookings"."id" = $7::bigint)))',
    );
    expect(statement.params).toEqual(["1", "2", "%rush%", "{a,b}", "{a%,b%}", "1", "2"]);
  });

  it("answers an unknown column in select, filters or order with Postgres' 42703", () => {
    for (const query of ["select=id,nope", "nope=eq.1", "order=nope", "or=(id.eq.1,nope.is.null)"]) {
      const error = refusal(() => read(query));
      expect(error.status).toBe(400);
      expect(error.code).toBe("42703");
      expect(error.message).toBe("column bookings.nope does not exist");
    }
  });

  it("renders the single object of .single(), stripped nulls and CSV bodies", () => {
    const params = parseQueryParams(new URLSearchParams(""));
    expect(buildRead(bookings, { ...params, count: false, format: { shape: "object", stripNulls: false } }).sql).toContain(
      "coalesce((json_agg(_postgrest_t) -> 0)::text, '') AS body",
    );
    expect(buildRead(bookings, { ...params, count: false, format: { shape: "array", stripNulls: true } }).sql).toContain(
      "json_agg(json_strip_nulls(row_to_json(_postgrest_t)))",
    );
    expect(buildRead(bookings, { ...params, count: false, format: { shape: "csv", stripNulls: false } }).sql).toContain("string_agg");
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
        "SELECT NULL::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, '' AS body FROM (SELECT * FROM pgrst_source) _postgrest_t",
    );
    expect(statement.params).toEqual(['[{"note":"a","status":"new"}]']);
  });

  it("uses DEFAULT for absent keys with missing=default, and upserts on the conflict columns", () => {
    const statement = buildInsert(bookings, {
      rows: [{ id: 1, note: "a" }, { id: 2 }],
      columns: ["id", "note"],
      missingAsDefault: true,
      onConflict: { columns: ["id"], action: "merge" },
      returning: [{ kind: "column", column: "id" }],
      format: JSON_ARRAY,
    });
    expect(statement.sql).toContain(
      'VALUES ((json_populate_record(NULL::"public"."bookings", $1::json -> 0))."id", (json_populate_record(NULL::"public"."bookings", $1::json -> 0))."note"), ' +
        '((json_populate_record(NULL::"public"."bookings", $1::json -> 1))."id", DEFAULT) ' +
        'ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "note" = EXCLUDED."note" RETURNING "bookings".*',
    );
    expect(statement.sql).toContain('SELECT pgrst_source."id" FROM pgrst_source');
  });

  it("inserts a row of defaults for an empty object", () => {
    const statement = buildInsert(bookings, { rows: [{}], columns: [], missingAsDefault: false, format: JSON_ARRAY });
    expect(statement.sql).toContain('INSERT INTO "public"."bookings" ("id") VALUES (DEFAULT) RETURNING 1');
  });

  it("answers an unknown payload column with PGRST204", () => {
    const error = refusal(() =>
      buildInsert(bookings, { rows: [{ nope: 1 }], columns: ["nope"], missingAsDefault: false, format: JSON_ARRAY }),
    );
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
        'WHERE "bookings"."id" = $1::bigint RETURNING 1',
    );
    expect(statement.params).toEqual(["7", '{"status":"done"}']);
  });

  it("deletes with the filters as WHERE", () => {
    const { conditions } = parseQueryParams(new URLSearchParams("status=neq.done"));
    expect(buildDelete(bookings, { conditions, format: JSON_ARRAY }).sql).toContain(
      'DELETE FROM "public"."bookings" WHERE "bookings"."status" <> $1::booking_status RETURNING 1',
    );
  });
});

describe("function calls", () => {
  const hasRole: FunctionInfo = {
    name: "has_role",
    params: [
      { name: "_user_id", type: "uuid", hasDefault: false },
      { name: "_role", type: "app_role", hasDefault: false },
    ],
    returns: { kind: "scalar", setOf: false },
    volatile: false,
  };

  it("passes named arguments typed by the function's declaration", () => {
    const statement = buildCall(hasRole, {
      args: { _user_id: "8d0f…", _role: "admin" },
      select: [{ kind: "star" }],
      conditions: [],
      order: [],
      offset: 0,
      count: false,
      format: JSON_ARRAY,
    });
    expect(statement.sql).toContain(
      'FROM json_to_record($1::json) AS pgrst_body("_user_id" uuid, "_role" app_role), LATERAL ' +
        '(SELECT "public"."has_role"("_user_id" => pgrst_body."_user_id", "_role" => pgrst_body."_role") AS pgrst_scalar) pgrst_call',
    );
    expect(statement.sql).toContain("coalesce((json_agg(_postgrest_t.pgrst_scalar) -> 0)::text, 'null') AS body");
  });
});

describe("identifiers", () => {
  it("quotes like quote_ident", () => {
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});
