import type { ViewColumnSources } from "./schema-cache.ts";

/** A node of Postgres' stored query trees (pg_node_tree): `{TYPE :field value …}`, lists `(…)`, or a token. */
type TreeValue = string | TreeValue[] | TreeNode;
interface TreeNode {
  type: string;
  fields: Map<string, TreeValue>;
}

interface TargetColumn {
  name: string;
  /** The table (or view) and attribute number this column shows unchanged, when it shows one. */
  origin?: { table: number; column: number };
}

/**
 * Which base table columns each view shows, by reading the top-level target list of the view's stored query:
 * Postgres records there, for every output column that is a plain column reference, the table and column it
 * comes from. Views over views are followed down to the tables, and every level is kept.
 */
export function findViewColumnSources(
  views: Array<{ oid: number; definition: string }>,
  relations: Map<number, { columns: Array<{ name: string; num: number }> }>,
): ViewColumnSources {
  const targets = new Map<number, TargetColumn[]>();
  for (const view of views) {
    try {
      targets.set(view.oid, targetColumns(view.definition));
    } catch {
      // A query tree this reader does not understand: the view simply has no relationships.
    }
  }
  const sources: ViewColumnSources = new Map();
  for (const [viewOid, columns] of targets) {
    const byTable = new Map<number, Map<number, string[]>>();
    const add = (table: number, column: number, name: string) => {
      const byColumn = byTable.get(table) ?? new Map<number, string[]>();
      byTable.set(table, byColumn);
      const names = byColumn.get(column) ?? [];
      if (!names.includes(name)) names.push(name);
      byColumn.set(column, names);
    };
    const attributes = relations.get(viewOid)?.columns ?? [];
    for (const [index, column] of columns.entries()) {
      if (!column) continue;
      // The view's own column name (renamed columns keep their old name in the stored query).
      const name = attributes.find((attribute) => attribute.num === index + 1)?.name ?? column.name;
      let origin = column.origin;
      const seen = new Set<number>([viewOid]);
      while (origin && relations.has(origin.table)) {
        add(origin.table, origin.column, name);
        const inner = targets.get(origin.table);
        if (!inner || seen.has(origin.table)) break;
        seen.add(origin.table);
        const next: TargetColumn | undefined = inner[origin.column - 1];
        origin = next?.origin;
      }
    }
    sources.set(viewOid, byTable);
  }
  return sources;
}

function targetColumns(definition: string): TargetColumn[] {
  const tree = new TreeReader(definition).value();
  const query = Array.isArray(tree) ? tree[0] : tree;
  if (!isNode(query)) return [];
  const list = query.fields.get(":targetList");
  if (!Array.isArray(list)) return [];
  const columns: TargetColumn[] = [];
  for (const entry of list) {
    if (!isNode(entry) || entry.type !== "TARGETENTRY") continue;
    if (token(entry, ":resjunk") === "true") continue;
    const column: TargetColumn = { name: token(entry, ":resname") ?? "" };
    const table = Number(token(entry, ":resorigtbl"));
    const attribute = Number(token(entry, ":resorigcol"));
    if (table > 0 && attribute > 0) column.origin = { table, column: attribute };
    columns[Number(token(entry, ":resno")) - 1] = column;
  }
  return columns;
}

function isNode(value: TreeValue | undefined): value is TreeNode {
  return typeof value === "object" && !Array.isArray(value);
}

function token(node: TreeNode, field: string): string | undefined {
  const value = node.fields.get(field);
  return typeof value === "string" ? value : undefined;
}

/** Reads pg_node_tree text: whitespace separates tokens, `(){}` stand alone, a backslash escapes the next character. */
class TreeReader {
  private position = 0;

  constructor(private readonly text: string) {}

  value(): TreeValue {
    const next = this.next();
    if (next === "{") return this.node();
    if (next === "(") {
      const items: TreeValue[] = [];
      while (this.peek() !== ")") {
        if (this.peek() === undefined) throw new Error("unterminated list");
        items.push(this.value());
      }
      this.next();
      return items;
    }
    if (next === undefined) throw new Error("unexpected end of query tree");
    return next;
  }

  private node(): TreeNode {
    const type = this.next() ?? "";
    const fields = new Map<string, TreeValue>();
    for (;;) {
      const key = this.next();
      if (key === "}") return { type, fields };
      if (key === undefined) throw new Error("unterminated node");
      const values: TreeValue[] = [];
      // A field holds one value, except datums, written as a length and a bracketed list of bytes.
      while (this.peek() !== "}" && this.peek() !== undefined && !this.peekIsKey()) values.push(this.value());
      fields.set(key, values.length === 1 ? (values[0] ?? "") : values);
    }
  }

  private peekIsKey(): boolean {
    const start = this.position;
    const next = this.next();
    this.position = start;
    return next !== undefined && next.startsWith(":") && next.length > 1 && this.raw(start).startsWith(":");
  }

  /** The text at the next token, before unescaping. */
  private raw(start: number): string {
    let index = start;
    while (index < this.text.length && /\s/.test(this.text[index] ?? "")) index++;
    return this.text.slice(index, index + 1);
  }

  private peek(): string | undefined {
    const start = this.position;
    const next = this.next();
    this.position = start;
    return next;
  }

  private next(): string | undefined {
    const text = this.text;
    while (this.position < text.length && /\s/.test(text[this.position] ?? "")) this.position++;
    if (this.position >= text.length) return undefined;
    const first = text[this.position] ?? "";
    if ("(){}".includes(first)) {
      this.position++;
      return first;
    }
    let result = "";
    while (this.position < text.length) {
      const char = text[this.position] ?? "";
      if (/\s/.test(char) || "(){}".includes(char)) break;
      if (char === "\\") {
        this.position++;
        result += text[this.position] ?? "";
      } else {
        result += char;
      }
      this.position++;
    }
    return result;
  }
}
