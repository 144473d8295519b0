import { describe, expect, it } from "vitest";
import { RestError } from "./errors.ts";
import { parseQueryParams, type QueryParams } from "./query-params.ts";

function parse(query: string): QueryParams {
  return parseQueryParams(new URLSearchParams(query));
}

function errorOf(query: string): RestError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe("select", () => {
  it("defaults to every column", () => {
    expect(parse("").select).toEqual([{ kind: "star" }]);
  });

  it("reads columns, aliases, quoted names and stars", () => {
    expect(parse('select=id,full name:name,"odd,name",*').select).toEqual([
      { kind: "column", column: "id" },
      { kind: "column", column: "name", alias: "full name" },
      { kind: "column", column: "odd,name" },
      { kind: "star" },
    ]);
  });

  it("reads embedded resources with aliases, hints, join types, spreads and nesting", () => {
    expect(parse(`select=${encodeURIComponent("id,owner:profiles!owner_id!inner(name,bookings(*)),...team(label),images()")}`).select).toEqual([
      { kind: "column", column: "id" },
      {
        kind: "embed",
        relation: "profiles",
        alias: "owner",
        hint: "owner_id",
        joinType: "inner",
        children: [
          { kind: "column", column: "name" },
          { kind: "embed", relation: "bookings", children: [{ kind: "star" }] },
        ],
      },
      { kind: "embed", relation: "team", spread: true, children: [{ kind: "column", column: "label" }] },
      { kind: "embed", relation: "images", children: [] },
    ]);
  });

  it("reads casts, JSON paths and aggregates, as PostgREST's grammar has them", () => {
    expect(parse(`select=${encodeURIComponent("made:created_at::date,data->a->>b,data->0,total:price.sum()::int,count()")}`).select).toEqual([
      { kind: "column", column: "created_at", alias: "made", cast: "date" },
      {
        kind: "column",
        column: "data",
        jsonPath: [
          { arrow: "->", operand: { kind: "key", value: "a" } },
          { arrow: "->>", operand: { kind: "key", value: "b" } },
        ],
      },
      { kind: "column", column: "data", jsonPath: [{ arrow: "->", operand: { kind: "index", value: "+0" } }] },
      { kind: "column", column: "price", alias: "total", aggregate: "sum", aggregateCast: "int" },
      { kind: "column", column: "*", aggregate: "count" },
    ]);
  });

  it("refuses a cast that is not a plain type name", () => {
    expect(errorOf(`select=${encodeURIComponent("id::text;drop")}`).code).toBe("PGRST100");
    expect(errorOf(`select=${encodeURIComponent("id::")}`).details).toBe("unexpected end of input expecting letter or digit");
  });

  it("reports syntax errors as PGRST100 with the parser's position", () => {
    const error = errorOf("select=id,,name");
    expect(error.status).toBe(400);
    expect(error.code).toBe("PGRST100");
    expect(error.message).toBe('"failed to parse select parameter (id,,name)" (line 1, column 4)');
  });
});

describe("filters", () => {
  it("reads every comparison operator with the raw value after the operator", () => {
    const operators = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "isdistinct", "cs", "cd", "ov"];
    for (const operator of operators) {
      expect(parse(`price=${operator}.1.5,2`).conditions).toEqual([
        { kind: "filter", column: "price", negated: false, operation: { kind: "compare", operator, value: "1.5,2" } },
      ]);
    }
  });

  it("reads not., is and in with quoted values", () => {
    expect(parse("a=not.eq.x&b=is.NULL&c=in.(1,%22two,three%22,%22with%20%5C%22quote%5C%22%22)").conditions).toEqual([
      { kind: "filter", column: "a", negated: true, operation: { kind: "compare", operator: "eq", value: "x" } },
      { kind: "filter", column: "b", negated: false, operation: { kind: "is", value: "null" } },
      { kind: "filter", column: "c", negated: false, operation: { kind: "in", values: ["1", "two,three", 'with "quote"'] } },
    ]);
  });

  it("reads quantified operators and full-text search", () => {
    expect(parse("name=like(any).{a*,b*}&doc=wfts(english).cat dog").conditions).toEqual([
      { kind: "filter", column: "name", negated: false, operation: { kind: "compare", operator: "like", quantifier: "any", value: "{a*,b*}" } },
      { kind: "filter", column: "doc", negated: false, operation: { kind: "fts", operator: "wfts", config: "english", value: "cat dog" } },
    ]);
  });

  it("rejects an unknown operator like PostgREST", () => {
    // A value without a known operator is not a filter at all: it is an RPC argument.
    expect(parse("a=noop.0").args).toEqual([["a", "noop.0"]]);
    const refused = errorOf("a=not.noop.0");
    expect(refused.code).toBe("PGRST100");
    expect(refused.message).toBe('"failed to parse filter (not.noop.0)" (line 1, column 10)');
    expect(refused.details).toBe("unknown single value operator noop");
  });

  it("rejects is. with anything but null, true, false, unknown", () => {
    const error = errorOf("a=is.maybe");
    expect(error.code).toBe("PGRST100");
    expect(error.details).toBe('unexpected "m" expecting isVal: (null, not_null, true, false, unknown)');
  });

  it("reads filters on embedded resources and JSON paths in keys", () => {
    const { embedded, conditions } = parse("profiles.name=eq.x&data->a->>b=is.not_null");
    expect(embedded.filters).toEqual([
      {
        path: ["profiles"],
        condition: { kind: "filter", column: "name", negated: false, operation: { kind: "compare", operator: "eq", value: "x" } },
      },
    ]);
    expect(conditions).toEqual([
      {
        kind: "filter",
        column: "data",
        jsonPath: [
          { arrow: "->", operand: { kind: "key", value: "a" } },
          { arrow: "->>", operand: { kind: "key", value: "b" } },
        ],
        negated: false,
        operation: { kind: "is", value: "not_null" },
      },
    ]);
  });

  it("keeps parameters without an operator as RPC arguments", () => {
    expect(parse("user_id=42&limit=5&day=2024-01-01").args).toEqual([
      ["user_id", "42"],
      ["day", "2024-01-01"],
    ]);
  });
});

describe("or / and", () => {
  it("reads nested trees, negation, quoted values and lists", () => {
    const { conditions } = parse(
      `or=${encodeURIComponent('(status.eq.new,and(price.gt.10,note.is.null),name.eq."a,b",id.in.(1,2),not.and(x.eq.1,y.eq.2))')}&not.and=(a.eq.1,b.eq.2)`,
    );
    expect(conditions).toEqual([
      {
        kind: "logic",
        operator: "or",
        negated: false,
        children: [
          { kind: "filter", column: "status", negated: false, operation: { kind: "compare", operator: "eq", value: "new" } },
          {
            kind: "logic",
            operator: "and",
            negated: false,
            children: [
              { kind: "filter", column: "price", negated: false, operation: { kind: "compare", operator: "gt", value: "10" } },
              { kind: "filter", column: "note", negated: false, operation: { kind: "is", value: "null" } },
            ],
          },
          { kind: "filter", column: "name", negated: false, operation: { kind: "compare", operator: "eq", value: "a,b" } },
          { kind: "filter", column: "id", negated: false, operation: { kind: "in", values: ["1", "2"] } },
          {
            kind: "logic",
            operator: "and",
            negated: true,
            children: [
              { kind: "filter", column: "x", negated: false, operation: { kind: "compare", operator: "eq", value: "1" } },
              { kind: "filter", column: "y", negated: false, operation: { kind: "compare", operator: "eq", value: "2" } },
            ],
          },
        ],
      },
      {
        kind: "logic",
        operator: "and",
        negated: true,
        children: [
          { kind: "filter", column: "a", negated: false, operation: { kind: "compare", operator: "eq", value: "1" } },
          { kind: "filter", column: "b", negated: false, operation: { kind: "compare", operator: "eq", value: "2" } },
        ],
      },
    ]);
  });

  it("keeps array literals whole inside a tree", () => {
    const [tree] = parse("or=(tags.cs.{a,b},tags.is.null)").conditions;
    expect(tree).toMatchObject({ children: [{ operation: { kind: "compare", operator: "cs", value: "{a,b}" } }, {}] });
  });

  it("rejects a malformed tree", () => {
    expect(errorOf("or=(a.eq.1").code).toBe("PGRST100");
    expect(errorOf("or=(a.eq.1))").code).toBe("PGRST100");
    expect(errorOf("or=()").code).toBe("PGRST100");
  });
});

describe("order, limit, offset, columns, on_conflict", () => {
  it("reads order terms with direction and nulls placement", () => {
    expect(parse("order=date.desc.nullslast,id,name.asc,x.nullsfirst").order).toEqual([
      { column: "date", direction: "desc", nulls: "last" },
      { column: "id" },
      { column: "name", direction: "asc" },
      { column: "x", nulls: "first" },
    ]);
  });

  it("rejects an unknown direction", () => {
    const error = errorOf("order=id.up");
    expect(error.code).toBe("PGRST100");
    expect(error.message).toBe('"failed to parse order (id.up)" (line 1, column 3)');
  });

  it("reads limit and offset, ignores non-numbers and refuses a negative limit", () => {
    expect(parse("limit=10&offset=20")).toMatchObject({ limit: 10, offset: 20 });
    expect(parse("limit=ten").limit).toBeUndefined();
    const error = errorOf("limit=-1");
    expect(error.status).toBe(416);
    expect(error.code).toBe("PGRST103");
  });

  it("reads quoted column lists", () => {
    expect(parse('columns="a","b c"&on_conflict=id,day')).toMatchObject({ columns: ["a", "b c"], onConflict: ["id", "day"] });
  });

  it("reads order, limit, offset and trees of embedded resources by path", () => {
    const { embedded, order } = parse("a.b.order=name.desc&a.limit=2&a.offset=1&a.not.or=(x.eq.1,y.eq.2)&order=a(name).asc,data->k");
    expect(embedded.order).toEqual([{ path: ["a", "b"], terms: [{ column: "name", direction: "desc" }] }]);
    expect(embedded.ranges).toEqual([{ path: ["a"], limit: 2, offset: 1 }]);
    expect(embedded.logic).toMatchObject([{ path: ["a"], condition: { kind: "logic", operator: "or", negated: true } }]);
    expect(order).toEqual([
      { column: "name", relation: "a", direction: "asc" },
      { column: "data", jsonPath: [{ arrow: "->", operand: { kind: "key", value: "k" } }] },
    ]);
  });
});
