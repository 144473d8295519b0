/** Path parameters by name, as they appear in the path (still percent-encoded): each service decodes and
 *  validates its own. */
export type PathParams = Record<string, string>;

/** The parameters a path pattern names, e.g. { bucket: string; key: string } for "/object/:bucket/*key". */
export type ParamsOf<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? ParamsOf<Head> & ParamsOf<Tail>
  : Path extends `:${infer Name}` | `*${infer Name}`
    ? { [K in Name]: string }
    : unknown;

export interface Route {
  methods: readonly string[];
  pattern: readonly string[];
  endpoint: (request: Request, params: PathParams) => Promise<Response>;
}

/**
 * A route for createRouter. `path` is the path after the service's prefix, by segment: a literal, `:name`
 * for any one segment (also an empty one), and last only, `*name` for one or more segments, joined by
 * "/". E.g. "/admin/users/:userId", "/object/:bucket/*key". `method` may list several methods that share
 * the endpoint (GET and HEAD).
 */
export function route<Path extends string>(
  method: string | readonly string[],
  path: Path,
  endpoint: (request: Request, params: ParamsOf<Path>) => Promise<Response>,
): Route {
  return {
    methods: typeof method === "string" ? [method] : method,
    pattern: segmentsOf(path),
    // match() yields every name the pattern has.
    endpoint: (request, params) => endpoint(request, params as ParamsOf<Path>),
  };
}

/** The answers when no route fits, in the service's own wire format. */
export interface UnroutedAnswers {
  /** No route has the request's path. */
  notFound(request: Request): Response;
  /** Some route has the path, none the method. */
  methodNotAllowed(request: Request): Response;
}

/** Routes a request to the first route whose method and path fit; routes are tried in order. */
export function createRouter(routes: readonly Route[], unrouted: UnroutedAnswers): (request: Request, subpath: string) => Promise<Response> {
  return async (request, subpath) => {
    const path = segmentsOf(subpath);
    let pathKnown = false;
    for (const candidate of routes) {
      const params = match(candidate.pattern, path);
      if (!params) continue;
      if (candidate.methods.includes(request.method)) return candidate.endpoint(request, params);
      pathKnown = true;
    }
    return pathKnown ? unrouted.methodNotAllowed(request) : unrouted.notFound(request);
  };
}

/** "/a/b" -> ["a", "b"]; "/" -> [""]; "/a/" -> ["a", ""]. */
function segmentsOf(path: string): string[] {
  return path.split("/").slice(1);
}

function match(pattern: readonly string[], path: readonly string[]): PathParams | undefined {
  const params: PathParams = {};
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith("*")) {
      if (path.length <= index) return undefined;
      params[part.slice(1)] = path.slice(index).join("/");
      return params;
    }
    const segment = path[index];
    if (segment === undefined) return undefined;
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return pattern.length === path.length ? params : undefined;
}
