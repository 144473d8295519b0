// The JavaScript a page's HTML makes the browser fetch, for tests and benchmarks of what each page loads.

/**
 * The built modules a page's HTML loads: those its module scripts import or name as their source, and
 * those it preloads (as `<link rel="modulepreload">`, or listed in the inline script that adds the
 * preloads after the first paint). Not the modules of other pages that the inlined route manifest
 * lists, which the browser does not fetch until they are opened.
 */
export function pageScripts(html: string): string[] {
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) files.add(href);
  }
  const deferred = /\bvar hrefs=(\[[^\]]*\])/.exec(html)?.[1];
  if (deferred) for (const href of JSON.parse(deferred) as string[]) files.add(href);
  for (const [tag, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src) files.add(src);
    if (!/\btype="module"/.test(tag) || !body) continue;
    // `import * as route0 from "…"`, `import "…"` and `import("…")`; the manifest's `"imports": […]` is none of them.
    for (const [, file] of body.matchAll(/\bimport\s*(?:\(\s*|[^"'();]*?\bfrom\s*|\s)["']([^"']+)["']/g)) files.add(file!);
  }
  return [...files];
}
