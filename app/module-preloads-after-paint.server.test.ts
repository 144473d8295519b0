import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { modulePreloadsAfterPaint } from "./module-preloads-after-paint.server";

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n1"/><link rel="modulepreload" href="/assets/chunk-2.js" nonce="n1"/>' +
  '</head><body><p>Book your move</p><script type="module" async="">import "/assets/root.js";</script></body></html>';

/** The document as the browser receives it, written in chunks of `size` characters. */
async function rewritten(html: string, size: number, nonce = "n1") {
  const chunks = html.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
  return text(Readable.from(chunks).pipe(modulePreloadsAfterPaint(nonce)));
}

describe("modulePreloadsAfterPaint", () => {
  it.each([1, 7, 64, 10_000])("takes the module preloads out of the head and adds them back after the first paint (chunks of %i)", async (size) => {
    const html = await rewritten(page, size);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<link[^>]*modulepreload/);
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    const script = /<script nonce="n1">(.*?)<\/script><\/head>/.exec(html)?.[1] ?? "";
    expect(script).toContain('["/assets/entry.client-1.js","/assets/chunk-2.js"]');
    expect(script.startsWith("requestAnimationFrame(")).toBe(true);
    // The body, the page's own module script included, is untouched.
    expect(html.slice(html.indexOf("</head>"))).toBe(page.slice(page.indexOf("</head>")));
  });

  it("adds links that carry the page's nonce, as its policy on scripts asks, a few at a time, each batch in one insertion and a task of its own", async () => {
    const hrefs = Array.from({ length: 12 }, (_, index) => `/assets/chunk-${index}.js`);
    const manyPreloads = page.replace(
      /<link rel="modulepreload"[^]*<\/head>/,
      `${hrefs.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("")}</head>`,
    );
    const html = await rewritten(manyPreloads, 64, "abc+/=");
    const script = /<script nonce="abc\+\/=">(.*?)<\/script>/.exec(html)?.[1] ?? "";
    const insertions: Array<Array<Record<string, string>>> = [];
    const tasks: Array<() => void> = [];
    const fakeDocument = {
      createElement: () => ({}),
      createDocumentFragment: () => {
        const children: Array<Record<string, string>> = [];
        return { children, appendChild: (link: Record<string, string>) => children.push(link) };
      },
      head: { appendChild: (fragment: { children: Array<Record<string, string>> }) => insertions.push(fragment.children) },
    };
    new Function("requestAnimationFrame", "setTimeout", "document", script)(
      (run: () => void) => run(),
      (run: (...args: unknown[]) => void, _delay: number, ...args: unknown[]) => tasks.push(() => run(...args)),
      fakeDocument,
    );
    // Nothing is added before the paint's own task has ended.
    expect(insertions).toEqual([]);
    let ran = 0;
    while (tasks.length > 0) {
      tasks.shift()!();
      ran++;
      // One insertion a task.
      expect(insertions).toHaveLength(ran);
    }
    expect(insertions.map((batch) => batch.length)).toEqual([5, 5, 2]);
    expect(insertions.flat()).toEqual(hrefs.map((href) => ({ rel: "modulepreload", href, nonce: "abc+/=" })));
  });

  it("leaves a head without module preloads, and a document without a head, as they were", async () => {
    const plain = "<html><head><title>Hi</title></head><body></body></html>";
    expect(await rewritten(plain, 5)).toBe(plain);
    expect(await rewritten("<p>no head</p>", 3)).toBe("<p>no head</p>");
  });
});
