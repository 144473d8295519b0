import { describe, expect, it } from "vitest";
import { fromPostgresError, httpStatusForSqlState } from "./errors.ts";

describe("SQLSTATE to HTTP status, as PostgREST maps them", () => {
  it.each([
    ["23505", "duplicate key value violates unique constraint", 409],
    ["23503", "insert or update violates foreign key constraint", 409],
    ["23502", "null value in column violates not-null constraint", 400],
    ["23514", "violates check constraint", 400],
    ["22P02", "invalid input syntax for type integer", 400],
    ["42703", "column does not exist", 400],
    ["42883", "function does not exist", 404],
    ["42P01", "relation does not exist", 404],
    ["25006", "cannot execute UPDATE in a read-only transaction", 405],
    ["P0001", "raised", 400],
    ["P0002", "no data found", 500],
    ["21000", "DELETE requires a WHERE clause", 400],
    ["21000", "more than one row returned by a subquery used as an expression", 500],
    ["40001", "could not serialize access", 500],
    ["53300", "too many connections", 503],
    ["PT402", "payment required", 402],
  ])("%s (%s) answers %i", (code, message, status) => {
    expect(httpStatusForSqlState(code, message, true)).toBe(status);
  });

  it("answers insufficient privilege with 401 for anon and 403 for a signed-in role", () => {
    expect(httpStatusForSqlState("42501", "permission denied for table x", false)).toBe(401);
    expect(httpStatusForSqlState("42501", "permission denied for table x", true)).toBe(403);
    const anon = fromPostgresError({ code: "42501", message: "permission denied for table x" }, false);
    expect(anon.headers).toEqual({ "WWW-Authenticate": "Bearer" });
  });

  it("keeps Postgres' message, detail and hint in PostgREST's body", () => {
    const error = fromPostgresError({ code: "23505", message: "duplicate key", detail: "Key (id)=(1) already exists.", hint: "Pick another" }, true);
    expect(error.toBody()).toEqual({ code: "23505", details: "Key (id)=(1) already exists.", hint: "Pick another", message: "duplicate key" });
  });

  it("answers an unparsable RAISE SQLSTATE 'PGRST' with PGRST121", () => {
    const error = fromPostgresError({ code: "PGRST", message: "not json" }, true);
    expect(error.status).toBe(500);
    expect(error.code).toBe("PGRST121");
  });
});
