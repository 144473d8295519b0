// Prints the landing page's weight and the server's throughput for `/`.
// Usage: npm run build && npm run bench:landing   (starts its own production server on a free port)
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startBenchServer } from "./support/server.ts";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const server = await startBenchServer();
const base = server.origin;
try {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  const importedScripts = [...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)|import "(\/assets\/[^"]+\.js)"/g)];
  for (const match of importedScripts) scripts.add((match[1] ?? match[2])!);
  let jsRaw = 0;
  let jsGzip = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer());
    jsRaw += body.length;
    jsGzip += gzipSync(body).length;
  }
  const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]!);
  let cssGzip = 0;
  for (const sheet of css) cssGzip += gzipSync(Buffer.from(await (await fetch(`${base}${sheet}`)).arrayBuffer())).length;

  console.log(`landing HTML: ${kib(Buffer.byteLength(html))} raw, ${kib(gzipSync(html).length)} gzip`);
  console.log(`landing JS:   ${scripts.size} files, ${kib(jsRaw)} raw, ${kib(jsGzip)} gzip`);
  console.log(`landing CSS:  ${css.length} file(s), ${kib(cssGzip)} gzip`);

  const result = await autocannon({ url: `${base}/`, connections: 10, duration: 10, headers: { "accept-encoding": "gzip" } });
  console.log(
    `GET / (10 connections, 10 s, gzip): ${result.requests.average.toFixed(0)} req/s, ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
} finally {
  await server.stop();
}
