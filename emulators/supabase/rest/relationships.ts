import { RestError } from "./errors.ts";
import { closestMatch, fuzzyMatches } from "./fuzzy.ts";
import { relationshipKey, type Cardinality, type ColumnPairs, type Relationship } from "./schema-cache.ts";

/**
 * The relationship `origin?select=target!hint(…)` names, by PostgREST's rules: the target is a table or view
 * related to the origin, or (without a hint) the name of a foreign key or of a single foreign key column; the
 * hint is a foreign key name, a column on either side of a single-column key, or a junction table. In a
 * self-relationship the table's name means one-to-many and the column's name many-to-one.
 */
export function findRelationship(all: Map<string, Relationship[]>, schema: string, origin: string, target: string, hint: string | undefined): Relationship {
  const candidates = (all.get(relationshipKey(schema, origin)) ?? []).filter((relationship) => matches(relationship, target, hint));
  const [only, ...others] = candidates;
  if (!only) throw noRelationship(all, schema, origin, target, hint);
  if (others.length > 0) throw ambiguousRelationship(origin, target, candidates);
  return only;
}

function matches(relationship: Relationship, target: string, hint: string | undefined): boolean {
  const { cardinality, foreignTable } = relationship;
  const singleColumn = (side: 0 | 1, name: string) =>
    cardinality.kind !== "many-to-many" && cardinality.columns.length === 1 && cardinality.columns[0]?.[side] === name;
  const constraint = (name: string) => cardinality.kind !== "many-to-many" && cardinality.constraint === name;
  if (relationship.isSelf) {
    if (hint === undefined) {
      return (target === foreignTable.name && cardinality.kind === "one-to-many") || (singleColumn(0, target) && cardinality.kind === "many-to-one");
    }
    return target === foreignTable.name && cardinality.kind === "one-to-many" && singleColumn(1, hint);
  }
  if (hint === undefined) {
    return (
      target === foreignTable.name || (constraint(target) && !relationship.foreignTableIsView) || (singleColumn(0, target) && !relationship.foreignTableIsView)
    );
  }
  return (
    target === foreignTable.name &&
    (constraint(hint) || singleColumn(0, hint) || singleColumn(1, hint) || (cardinality.kind === "many-to-many" && cardinality.junction.table.name === hint))
  );
}

/** PGRST200, with a hint naming a close table when the origin or target looks misspelt. */
function noRelationship(all: Map<string, Relationship[]>, schema: string, origin: string, target: string, hint: string | undefined): RestError {
  return new RestError(400, {
    code: "PGRST200",
    message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    details:
      `Searched for a foreign key relationship between '${origin}' and '${target}'` +
      (hint === undefined ? "" : ` using the hint '${hint}'`) +
      ` in the schema '${schema}', but no matches were found.`,
    hint: suggestion(all, schema, origin, target),
  });
}

function suggestion(all: Map<string, Relationship[]>, schema: string, origin: string, target: string): string | null {
  const fromOrigin = all.get(relationshipKey(schema, origin));
  if (fromOrigin) {
    const children = fromOrigin.map((relationship) => relationship.foreignTable.name);
    const child = fuzzyMatches(children, target).find(([score]) => score < 1)?.[1];
    return child === undefined ? null : `Perhaps you meant '${child}' instead of '${target}'.`;
  }
  const parents: string[] = [];
  for (const relationships of all.values()) {
    const first = relationships[0];
    if (first && first.table.schema === schema) parents.push(first.table.name);
  }
  const parent = closestMatch(parents, origin);
  return parent === undefined ? null : `Perhaps you meant '${parent}' instead of '${origin}'.`;
}

/** PGRST201 (HTTP 300): the candidates in `details`, and how to name each in `hint`. */
function ambiguousRelationship(origin: string, target: string, candidates: Relationship[]): RestError {
  const hints = candidates.map((relationship) => `'${relationship.foreignTable.name}!${hintName(relationship.cardinality)}'`);
  return new RestError(300, {
    code: "PGRST201",
    message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details: candidates.map(describe),
    hint: `Try changing '${target}' to one of the following: ${hints.join(", ")}. Find the desired relationship in the 'details' key.`,
  });
}

function hintName(cardinality: Cardinality): string {
  return cardinality.kind === "many-to-many" ? cardinality.junction.table.name : cardinality.constraint;
}

function describe(relationship: Relationship): { cardinality: string; embedding: string; relationship: string } {
  const { cardinality, table, foreignTable } = relationship;
  const list = (names: string[]) => `(${names.join(", ")})`;
  const side = (pairs: ColumnPairs, index: 0 | 1) => list(pairs.map((pair) => pair[index]));
  const embedding = `${table.name} with ${foreignTable.name}`;
  if (cardinality.kind === "many-to-many") {
    const { junction } = cardinality;
    return {
      cardinality: cardinality.kind,
      embedding,
      relationship:
        `${junction.table.name} using ${junction.constraint1}${side(junction.sourceColumns, 1)}` +
        ` and ${junction.constraint2}${side(junction.targetColumns, 1)}`,
    };
  }
  return {
    cardinality: cardinality.kind,
    embedding,
    relationship: `${cardinality.constraint} using ${table.name}${side(cardinality.columns, 0)} and ${foreignTable.name}${side(cardinality.columns, 1)}`,
  };
}
