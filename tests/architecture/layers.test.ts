import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layer rules of docs/architecture.md, checked on the import statements of every module.

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory)).flatMap((name) => {
    const relative = path.join(directory, name);
    if (statSync(path.join(root, relative)).isDirectory()) return name === "+types" ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:type\s)?[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The project files a module imports (packages left out), as paths relative to the root. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  const targets: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    let target: string | null = null;
    if (specifier.startsWith("~/")) target = path.join("app", specifier.slice(2));
    else if (specifier.startsWith(".")) target = path.join(path.dirname(file), specifier);
    if (!target || target.includes("+types")) continue;
    targets.push(resolveFile(target.replace(/\.(ts|tsx)$/, "")));
  }
  return targets;
}

/** The project files a module imports for their values: `import type` left out, as esbuild leaves it out. */
function valueImportsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8").replace(/(?:^|\n)\s*(?:import|export)\s+type\s[^;]*;/g, "");
  return [...source.matchAll(IMPORT)].flatMap((match) => {
    const specifier = match[1] ?? match[2]!;
    return specifier.startsWith(".") ? [resolveFile(path.join(path.dirname(file), specifier).replace(/\.(ts|tsx)$/, ""))] : [];
  });
}

function resolveFile(base: string): string {
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return base;
}

const appFiles = sourceFiles("app");
const serverFiles = [...sourceFiles("server"), "server.ts"];
const graph = new Map([...appFiles, ...serverFiles].map((file) => [file, importsOf(file)]));

describe("layers", () => {
  it("components and hooks never import server modules, routes or the root route", () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      /^app\/(components|hooks)\//.test(file)
        ? targets
            .filter((target) => /\.server\.tsx?$/.test(target) || target.startsWith("app/routes/") || target === "app/root.tsx")
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  it("domain/ is pure: it imports only other domain modules and the generated schema types", () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith("app/domain/")
        ? targets.filter((target) => !target.startsWith("app/domain/") && target !== "supabase/types.ts").map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  it("services never import routes, components or the root route", () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith("app/services/")
        ? targets.filter((target) => /^app\/(routes|components)\//.test(target) || target === "app/root.tsx").map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  it("server.ts reaches app code only through the server build (server/app.ts), importing app types at most", () => {
    // What esbuild bundles into build/server.js: server.ts and what it imports for its values.
    const bundled = new Set<string>();
    const visit = (file: string) => {
      if (bundled.has(file) || !graph.has(file)) return;
      bundled.add(file);
      for (const target of valueImportsOf(file)) visit(target);
    };
    visit("server.ts");
    const offenders = [...bundled].flatMap((file) =>
      valueImportsOf(file)
        .filter((target) => target.startsWith("app/"))
        .map((target) => `${file} → ${target}`),
    );
    expect(bundled.has("server/app-handler.ts")).toBe(true);
    expect(bundled.has("server/app.ts")).toBe(false);
    expect(offenders).toEqual([]);
  });

  it("app/ never imports the emulators: they are wired in by the server and the tests only", () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith("app/") ? targets.filter((target) => target.startsWith("emulators/")).map((target) => `${file} → ${target}`) : [],
    );
    expect(offenders).toEqual([]);
  });

  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "visiting");
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it("checks real modules (the scan finds the imports it should)", () => {
    expect(graph.get("app/root.tsx")).toContain("app/middleware/session.server.ts");
    expect(appFiles.length).toBeGreaterThan(40);
  });
});
