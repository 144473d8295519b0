import { RestError } from "./errors.ts";
import type { FunctionInfo, SchemaCache } from "./schema-cache.ts";

/** Resolves `/rpc/name` like PostgREST: the overload whose parameter names cover the given argument names,
 *  every parameter without a default being given. */
export async function findFunction(cache: SchemaCache, schema: string, name: string, argNames: string[], isPost: boolean): Promise<FunctionInfo> {
  const accepts = (fn: FunctionInfo) =>
    argNames.every((arg) => fn.params.some((param) => param.name === arg)) && fn.params.every((param) => param.hasDefault || argNames.includes(param.name));
  const matching = (await cache.functions(schema, name, accepts)).filter(accepts);
  const [only, ...others] = matching;
  if (!only) throw functionNotFound(schema, name, argNames, isPost);
  if (others.length > 0) throw ambiguousFunction(matching);
  return only;
}

function functionNotFound(schema: string, name: string, argNames: string[], isPost: boolean): RestError {
  const args = [...argNames].sort();
  const signature = args.length > 0 ? `(${args.join(", ")})` : " without parameters";
  const searched = args.length > 0 ? ` with parameter${args.length > 1 ? "s" : ""} ${args.join(", ")}` : " without parameters";
  return new RestError(404, {
    code: "PGRST202",
    message: `Could not find the function ${schema}.${name}${signature} in the schema cache`,
    details: `Searched for the function ${schema}.${name}${searched}${isPost ? " or with a single unnamed json/jsonb parameter" : ""}, but no matches were found in the schema cache.`,
  });
}

function ambiguousFunction(candidates: FunctionInfo[]): RestError {
  const signatures = candidates.map((fn) => `${fn.schema}.${fn.name}(${fn.params.map((param) => `${param.name} => ${param.type}`).join(", ")})`);
  return new RestError(300, {
    code: "PGRST203",
    message: `Could not choose the best candidate function between: ${signatures.join(", ")}`,
    hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
  });
}
