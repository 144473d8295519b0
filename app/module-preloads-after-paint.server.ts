import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const HEAD_END = "</head>";
/** Module preloads added in one task: about 15 ms of work at a slow phone's speed, well under a long task's 50. */
export const PRELOADS_PER_TASK = 5;

/**
 * Moves the page's module preloads from the head to just after the first paint.
 *
 * React Router hints every module of the page in the head, and the browser then fetches some twenty
 * scripts alongside the stylesheet, the font and the hero picture that the first paint waits for. On a
 * slow connection those scripts share the bandwidth with what the customer is waiting to see, although
 * every page works before they run. Here the hints leave the head, and a small inline script adds them
 * back once the first frame is painted, so the scripts still arrive in parallel rather than one import
 * at a time. The page's own module script is untouched: it loads the same modules if it gets there first.
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
  // requestAnimationFrame runs just before the next paint; the timeouts it sets run after it. Each link
  // costs the browser about 2-3 ms at a slow phone's speed, so thirty in one go would block a tap for
  // some 60-100 ms: they go in small batches, one task each, each batch gathered in a fragment and put
  // in the head at once.
  const script =
    `requestAnimationFrame(function(){var hrefs=${scriptLiteral(hrefs)};function add(from){var links=document.createDocumentFragment();` +
    `hrefs.slice(from,from+${PRELOADS_PER_TASK}).forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";` +
    `link.href=href;link.nonce=${scriptLiteral(nonce)};links.appendChild(link)});document.head.appendChild(links);` +
    `if(from+${PRELOADS_PER_TASK}<hrefs.length)setTimeout(add,0,from+${PRELOADS_PER_TASK})}setTimeout(add,0,0)})`;
  return `${withoutPreloads}<script nonce="${escapeAttribute(nonce)}">${script}</script>`;
}

/** JSON that cannot end the inline script it is written in. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
