import type { Catalog, CatalogColumn, CatalogFunction, CatalogFunctionArg, CatalogRelation, CatalogRelationship, CatalogType } from "./catalog.ts";

// Renders a catalog as the TypeScript that `supabase gen types typescript` prints (supabase/postgres-meta's
// TypeScript template): the same members, order, optionality and helper types. The database's parts come
// out unformatted, for Prettier with the CLI's options; the fixed helper types come formatted.

export interface RenderOptions {
  /** The schema the helper types (Tables<"name">, ...) default to. */
  defaultSchema: string;
  /** Written to __InternalSupabase so supabase-js picks the matching PostgREST features. */
  postgrestVersion: string;
}

/** json, jsonb and text: the only types an unnamed function argument may have. */
const UNNAMED_ARGUMENT_TYPE_IDS = new Set([114, 3802, 25]);
const INPUT_ARGUMENT_MODES = new Set<CatalogFunctionArg["mode"]>(["in", "inout", "variadic"]);

/** A fixed collation, so the output does not depend on the machine's locale. */
const collator = new Intl.Collator("en-US");
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
const quote = (value: string) => JSON.stringify(value);

interface SchemaContents {
  tables: Array<{ table: CatalogRelation; relationships: CatalogRelationship[] }>;
  views: Array<{ view: CatalogRelation; relationships: CatalogRelationship[] }>;
  functions: Array<{ fn: CatalogFunction; inArgs: CatalogFunctionArg[] }>;
  enums: CatalogType[];
  compositeTypes: CatalogType[];
}

/** The parts of the file that depend on the database, unformatted. */
export interface RenderedTypes {
  /** The Json and Database types. */
  database: string;
  /** The Constants object: every enum's values. */
  constants: string;
}

export function renderDatabaseTypes(catalog: Catalog, options: RenderOptions): RenderedTypes {
  const schemas = [...catalog.schemas].sort((a, b) => collator.compare(a, b));
  const tables = catalog.relations.filter((relation) => relation.kind === "r" || relation.kind === "p" || relation.kind === "f");
  const views = catalog.relations.filter((relation) => relation.kind === "v" || relation.kind === "m");
  const typesById = new Map(catalog.types.map((type) => [type.id, type]));
  const relationTypesById = new Map(catalog.types.filter((type) => type.typeRelationId !== null).map((type) => [type.id, type]));
  const relationNamesById = new Map(catalog.relations.map((relation) => [relation.id, relation.name]));

  const columnsByRelationId = new Map<number, CatalogColumn[]>(catalog.relations.map((relation) => [relation.id, []]));
  for (const column of catalog.columns) columnsByRelationId.get(column.tableId)?.push(column);
  for (const columns of columnsByRelationId.values()) columns.sort(byName);
  const columnsOf = (relation: CatalogRelation) => columnsByRelationId.get(relation.id) ?? [];

  const relationships = [...catalog.relationships].sort(
    (a, b) =>
      collator.compare(a.foreignKeyName, b.foreignKeyName) ||
      collator.compare(a.referencedRelation, b.referencedRelation) ||
      collator.compare(JSON.stringify(a.referencedColumns), JSON.stringify(b.referencedColumns)),
  );
  // Only foreign keys to relations of the same schema, as the CLI lists them.
  const relationshipsOf = (relation: CatalogRelation) =>
    relationships.filter((r) => r.schema === relation.schema && r.relation === relation.name && r.referencedSchema === relation.schema);

  const contents = new Map<string, SchemaContents>(schemas.map((schema) => [schema, { tables: [], views: [], functions: [], enums: [], compositeTypes: [] }]));
  for (const type of catalog.types) {
    const schema = contents.get(type.schema);
    if (!schema) continue;
    if (type.enums.length > 0) schema.enums.push(type);
    if (type.attributes.length > 0) schema.compositeTypes.push(type);
  }
  for (const table of tables) contents.get(table.schema)?.tables.push({ table, relationships: relationshipsOf(table) });
  for (const view of views) {
    contents.get(view.schema)?.views.push({
      view: view.kind === "m" ? { ...view, isUpdatable: false } : view,
      relationships: relationshipsOf(view),
    });
  }

  /** A function's return relation: a table or view, or a composite type named after itself. */
  const returnRelationName = (fn: CatalogFunction): string | null => {
    if (fn.returnTypeRelationId === null) return null;
    const relationName = relationNamesById.get(fn.returnTypeRelationId);
    if (relationName !== undefined) return relationName;
    return relationTypesById.get(fn.returnTypeId)?.name ?? null;
  };

  for (const fn of catalog.functions) {
    const schema = contents.get(fn.schema);
    if (!schema) continue;
    const sorted = { ...fn, args: [...fn.args].sort(byName) };
    const inArgs = sorted.args.filter(({ mode }) => INPUT_ARGUMENT_MODES.has(mode));
    const [onlyArg] = inArgs;
    // PostgREST calls a function with named arguments, with unnamed ones it can fill itself (defaults of
    // json or text), or with one unnamed json/text argument or table row.
    const callable =
      inArgs.length === 0 ||
      !inArgs.some(({ name }) => name === "") ||
      inArgs.every((arg) => arg.name !== "" || (arg.hasDefault && UNNAMED_ARGUMENT_TYPE_IDS.has(arg.typeId))) ||
      (inArgs.length === 1 &&
        onlyArg !== undefined &&
        onlyArg.name === "" &&
        (UNNAMED_ARGUMENT_TYPE_IDS.has(onlyArg.typeId) || relationTypesById.has(onlyArg.typeId)));
    if (callable) schema.functions.push({ fn: sorted, inArgs });
  }
  for (const schema of contents.values()) {
    schema.tables.sort((a, b) => byName(a.table, b.table));
    schema.views.sort((a, b) => byName(a.view, b.view));
    schema.functions.sort((a, b) => byName(a.fn, b.fn));
    schema.enums.sort(byName);
    schema.compositeTypes.sort(byName);
  }

  // Types ------------------------------------------------------------------------------------------

  const tsType = (schema: string, pgType: string): string => {
    if (pgType === "bool") return "boolean";
    if (["int2", "int4", "int8", "float4", "float8", "numeric"].includes(pgType)) return "number";
    if (["bytea", "bpchar", "varchar", "date", "text", "citext", "time", "timetz", "timestamp", "timestamptz", "uuid", "vector", "interval"].includes(pgType)) {
      return "string";
    }
    if (pgType === "json" || pgType === "jsonb") return "Json";
    if (pgType === "void") return "undefined";
    if (pgType === "record") return "Record<string, unknown>";
    if (pgType.startsWith("_")) return `(${tsType(schema, pgType.slice(1))})[]`;

    const enumType = preferSchema(
      catalog.types.filter((type) => type.name === pgType && type.enums.length > 0),
      schema,
    );
    if (enumType) {
      return schemas.includes(enumType.schema) ? `Database[${quote(enumType.schema)}]['Enums'][${quote(enumType.name)}]` : enumType.enums.map(quote).join("|");
    }
    const compositeType = preferSchema(
      catalog.types.filter((type) => type.name === pgType && type.attributes.length > 0),
      schema,
    );
    if (compositeType) {
      return schemas.includes(compositeType.schema) ? `Database[${quote(compositeType.schema)}]['CompositeTypes'][${quote(compositeType.name)}]` : "unknown";
    }
    const table = preferSchema(
      tables.filter((relation) => relation.kind !== "f" && relation.name === pgType && schemas.includes(relation.schema)),
      schema,
    );
    if (table) return `Database[${quote(table.schema)}]['Tables'][${quote(table.name)}]['Row']`;
    const view = preferSchema(
      views.filter((relation) => relation.kind === "v" && relation.name === pgType && schemas.includes(relation.schema)),
      schema,
    );
    if (view) return `Database[${quote(view.schema)}]['Views'][${quote(view.name)}]['Row']`;
    return "unknown";
  };

  const nullable = (type: string, isNullable: boolean) => (type === "unknown" || type === "any" || !isNullable ? type : `${type} | null`);

  const field = (schema: string, name: string, format: string, isNullable: boolean, isOptional: boolean) =>
    `${quote(name)}${isOptional ? "?" : ""}: ${nullable(tsType(schema, format), isNullable)}`;

  const typeNameOf = (typeId: number) => typesById.get(typeId)?.name;
  const argTsType = (schema: string, typeId: number) => {
    const name = typeNameOf(typeId);
    return name === undefined ? "unknown" : tsType(schema, name);
  };

  // Functions ----------------------------------------------------------------------------------------

  const functionReturnType = (schema: string, fn: CatalogFunction): string => {
    const tableArgs = fn.args.filter(({ mode }) => mode === "table");
    if (tableArgs.length > 0) {
      return `{\n${tableArgs.map(({ name, typeId }) => `${quote(name)}: ${argTsType(schema, typeId)}`).join(",\n")}\n}`;
    }
    const schemaContents = contents.get(schema);
    const relation =
      schemaContents?.tables.find(({ table }) => table.id === fn.returnTypeRelationId)?.table ??
      schemaContents?.views.find(({ view }) => view.id === fn.returnTypeRelationId)?.view;
    if (relation) {
      return `{\n${columnsOf(relation)
        .map((column) => field(schema, column.name, column.format, column.isNullable, false))
        .join(",\n")}\n}`;
    }
    const type = typesById.get(fn.returnTypeId);
    return type ? tsType(schema, type.name) : "unknown";
  };

  const setofOptions = (from: string, to: string, isOneToOne: boolean, isSetofReturn: boolean) =>
    `SetofOptions: {\nfrom: ${quote(from)}\nto: ${quote(to)}\nisOneToOne: ${isOneToOne}\nisSetofReturn: ${isSetofReturn}\n}`;

  const functionTsReturnType = (fn: CatalogFunction, returnType: string): string => {
    const returnName = returnRelationName(fn);
    const returnsSetOfTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
    const returnsMultipleRows = fn.prorows !== null && fn.prorows > 1;
    let options = "";
    if (returnName) options = setofOptions("*", returnName, !returnsMultipleRows, fn.isSetReturning);
    const [onlyArg] = fn.args;
    const argumentRelation = fn.args.length === 1 && onlyArg ? relationTypesById.get(onlyArg.typeId) : undefined;
    if (argumentRelation && returnName) {
      // A function of a table row (a computed relationship) is embedded from that table.
      const source = argumentRelation.format;
      options = returnsSetOfTable ? setofOptions(source, returnName, !returnsMultipleRows, true) : setofOptions(source, returnName, true, false);
    }
    // A single-row estimate drops the array only where SetofOptions tells supabase-js to restore it.
    const collapsibleSingleRow = !returnsMultipleRows && returnName !== null;
    return `${returnType}${fn.isSetReturning && !collapsibleSingleRow ? "[]" : ""}\n${options}`;
  };

  const hasTableRowError = (fn: CatalogFunction, inArgs: CatalogFunctionArg[]) => {
    const [onlyArg] = inArgs;
    return inArgs.length === 1 && onlyArg?.name === "" && relationTypesById.has(onlyArg.typeId) && !returnRelationName(fn);
  };

  const conflictError = (schema: string, overloads: SchemaContents["functions"], fn: CatalogFunction, inArgs: CatalogFunctionArg[]) => {
    if (overloads.length <= 1) return null;
    if (inArgs.length === 0) {
      const conflicting = overloads.find(
        ({ fn: other, inArgs: otherArgs }) => other !== fn && otherArgs.length === 1 && otherArgs[0]?.name === "" && otherArgs[0].hasDefault,
      );
      if (conflicting) {
        const returnTypeName = typeNameOf(conflicting.fn.returnTypeId) ?? "unknown";
        return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${returnTypeName}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
      }
    }
    const [onlyArg] = inArgs;
    if (inArgs.length === 1 && onlyArg && onlyArg.name !== "") {
      const conflicting = overloads.filter(
        ({ fn: other, inArgs: otherArgs }) =>
          other !== fn && otherArgs.length === 1 && otherArgs[0]?.name === onlyArg.name && otherArgs[0].typeId !== onlyArg.typeId,
      );
      if (conflicting.length > 0) {
        const list = [{ fn, inArgs }, ...conflicting]
          .sort((a, b) => (a.inArgs[0]?.typeId ?? 0) - (b.inArgs[0]?.typeId ?? 0))
          .map(({ inArgs: args }) => `${schema}.${fn.name}(${args.map((a) => `${a.name} => ${typeNameOf(a.typeId) ?? "unknown"}`).join(", ")})`)
          .join(", ");
        return `Could not choose the best candidate function between: ${list}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
      }
    }
    return null;
  };

  const functionSignatures = (schema: string, overloads: SchemaContents["functions"]) =>
    overloads
      .map(({ fn, inArgs }) => {
        const argsType =
          inArgs.length === 0
            ? "never"
            : `{ ${inArgs.map(({ name, typeId, hasDefault }) => `${quote(name)}${hasDefault ? "?" : ""}: ${argTsType(schema, typeId)}`).join(",")} }`;
        const conflict = conflictError(schema, overloads, fn, inArgs);
        if (conflict) return `{ Args: ${argsType}; Returns: ${functionTsReturnType(fn, `{ error: true } & ${quote(conflict)}`)} }`;
        if (hasTableRowError(fn, inArgs)) {
          const message = `the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`;
          return `{ Args: ${argsType}; Returns: ${functionTsReturnType(fn, `{ error: true } & ${quote(message)}`)} }`;
        }
        return `{ Args: ${argsType}; Returns: ${functionTsReturnType(fn, functionReturnType(schema, fn))} }`;
      })
      .join(" |\n");

  /** Functions of one table row, which PostgREST exposes as computed columns of that table. */
  const computedFields = (schema: string, relation: CatalogRelation) =>
    (contents.get(schema)?.functions ?? [])
      .filter(({ fn }) => fn.argumentTypes === relation.name)
      .map(({ fn }) => `${quote(fn.name)}: ${nullable(functionReturnType(schema, fn), true)}`);

  const relationshipType = (relationship: CatalogRelationship) =>
    `{\nforeignKeyName: ${quote(relationship.foreignKeyName)}\ncolumns: ${JSON.stringify(relationship.columns)}\nisOneToOne: ${relationship.isOneToOne}\nreferencedRelation: ${quote(relationship.referencedRelation)}\nreferencedColumns: ${JSON.stringify(relationship.referencedColumns)}\n}`;
  const relationshipsType = (list: CatalogRelationship[]) => `Relationships: [\n${list.map(relationshipType).join(",\n")}\n]`;
  const emptyOr = (members: string[], separator = "\n") => (members.length === 0 ? "[_ in never]: never" : members.join(separator));

  // Schemas ------------------------------------------------------------------------------------------

  const renderTable = (schema: string, table: CatalogRelation, tableRelationships: CatalogRelationship[]) => {
    const columns = columnsOf(table);
    const row = [...columns.map((c) => field(schema, c.name, c.format, c.isNullable, false)), ...computedFields(schema, table)];
    const insert = columns.map((c) =>
      c.identityGeneration === "ALWAYS"
        ? `${quote(c.name)}?: never`
        : field(schema, c.name, c.format, c.isNullable, c.isNullable || c.isIdentity || c.defaultValue !== null),
    );
    const update = columns.map((c) => (c.identityGeneration === "ALWAYS" ? `${quote(c.name)}?: never` : field(schema, c.name, c.format, c.isNullable, true)));
    return `${quote(table.name)}: {\nRow: {\n${row.join("\n")}\n}\nInsert: {\n${insert.join("\n")}\n}\nUpdate: {\n${update.join("\n")}\n}\n${relationshipsType(tableRelationships)}\n}`;
  };

  const renderView = (schema: string, view: CatalogRelation, viewRelationships: CatalogRelationship[]) => {
    const columns = columnsOf(view);
    const row = [...columns.map((c) => field(schema, c.name, c.format, c.isNullable, false)), ...computedFields(schema, view)];
    const writable = columns.map((c) => (c.isUpdatable ? field(schema, c.name, c.format, true, true) : `${quote(c.name)}?: never`));
    const writes = view.isUpdatable ? `Insert: {\n${writable.join("\n")}\n}\nUpdate: {\n${writable.join("\n")}\n}\n` : "";
    return `${quote(view.name)}: {\nRow: {\n${row.join("\n")}\n}\n${writes}${relationshipsType(viewRelationships)}\n}`;
  };

  const renderFunctions = (schema: string, functions: SchemaContents["functions"]) => {
    const grouped = new Map<string, SchemaContents["functions"]>();
    for (const entry of functions) grouped.set(entry.fn.name, [...(grouped.get(entry.fn.name) ?? []), entry]);
    for (const overloads of grouped.values()) {
      overloads.sort((a, b) => collator.compare(a.fn.argumentTypes, b.fn.argumentTypes) || collator.compare(a.fn.returnType, b.fn.returnType));
    }
    return [...grouped].map(([name, overloads]) => `${quote(name)}:\n${functionSignatures(schema, overloads)}`);
  };

  const renderSchema = (schema: string) => {
    const c = contents.get(schema)!;
    const enums = c.enums.map((type) => `${quote(type.name)}: ${type.enums.map(quote).join("|")}`);
    const composites = c.compositeTypes.map(
      (type) =>
        `${quote(type.name)}: {\n${type.attributes.map(({ name, typeId }) => `${quote(name)}: ${nullable(argTsType(schema, typeId), true)}`).join("\n")}\n}`,
    );
    return `${quote(schema)}: {
Tables: {
${emptyOr(c.tables.map(({ table, relationships: r }) => renderTable(schema, table, r)))}
}
Views: {
${emptyOr(c.views.map(({ view, relationships: r }) => renderView(schema, view, r)))}
}
Functions: {
${emptyOr(renderFunctions(schema, c.functions), ",\n")}
}
Enums: {
${emptyOr(enums)}
}
CompositeTypes: {
${emptyOr(composites)}
}
}`;
  };

  const constants = schemas.map(
    (schema) =>
      `${quote(schema)}: {\nEnums: {\n${contents
        .get(schema)!
        .enums.map((type) => `${quote(type.name)}: [${type.enums.map(quote).join(", ")}]`)
        .join(",\n")}\n}\n}`,
  );

  return {
    database: `export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '${options.postgrestVersion}'
  }
${schemas.map(renderSchema).join("\n")}
}
`,
    constants: `export const Constants = {
${constants.join(",\n")}
} as const
`,
  };
}

function preferSchema<T extends { schema: string }>(candidates: T[], schema: string): T | undefined {
  return candidates.find((candidate) => candidate.schema === schema) ?? candidates[0];
}

/**
 * The helper types after the Database type, already formatted exactly as the CLI prints them (Prettier
 * 3.5, which the CLI bundles; later Prettier versions add parentheses that change nothing).
 */
export function renderHelperTypes(defaultSchema: string): string {
  return `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${JSON.stringify(defaultSchema)}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;
}
