import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const HEAD_END = "</head>";

/**
 * Moves the page's module preloads from the head to just after the first paint.
 *
 * React Router hints every module of the page in the head, and the browser then fetches some twenty
 * scripts alongside the stylesheet, the font and the hero picture that the first paint waits for. On a
 * slow connection those scripts share the bandwidth with what the customer is waiting to see, although
 * every page works before they run. Here the hints leave the head, and a small inline script adds them
 * back once the first frame is painted, all in one insertion, so the scripts still arrive in parallel
 * rather than one import at a time. The page's own module script is untouched: it loads the same modules if it gets there first.
 */
export function modulePreloadsAfterPaint(nonce: string): Transform {
  let head = "";
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (headDone) return callback(null, chunk);
      head += chunk.toString();
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      headDone = true;
      const rest = head.slice(end);
      const rewritten = movePreloads(head.slice(0, end), nonce) + rest;
      head = "";
      callback(null, rewritten);
    },
    flush(callback) {
      // A document without a head is sent as it was written.
      callback(null, headDone ? undefined : head);
    },
  });
}

function movePreloads(head: string, nonce: string): string {
  const hrefs: string[] = [];
  const withoutPreloads = head.replace(MODULE_PRELOAD, (tag) => {
    const href = HREF.exec(tag)?.[1];
    if (href) hrefs.push(href);
    return "";
  });
  if (hrefs.length === 0) return head;
  // requestAnimationFrame runs just before the next paint; the timeout it sets runs just after it. The
  // links are gathered in a fragment and put in the head at once: one change to the document, not one
  // a module (some thirty-five on the admin pages).
  const script =
    `requestAnimationFrame(function(){setTimeout(function(){var links=document.createDocumentFragment();${scriptLiteral(hrefs)}.forEach(function(href){` +
    `var link=document.createElement("link");link.rel="modulepreload";link.href=href;link.nonce=${scriptLiteral(nonce)};links.appendChild(link)});` +
    `document.head.appendChild(links)})})`;
  return `${withoutPreloads}<script nonce="${escapeAttribute(nonce)}">${script}</script>`;
}

/** JSON that cannot end the inline script it is written in. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
