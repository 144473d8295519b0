// A browser without JavaScript for benchmarks: one cookie jar, gzip, redirects followed by hand
// (each one counted), the bytes on the wire and the time of each request.
import { request } from "node:http";
import { gunzipSync } from "node:zlib";

export interface Answer {
  status: number;
  location?: string;
  body: string;
  wireBytes: number;
  ms: number;
}

/** A browser without JavaScript: one cookie jar, gzip, redirects followed by hand (each one counted). */
export class PlainBrowser {
  cookies = new Map<string, string>();
  requests = 0;
  bytes = 0;
  constructor(private base: string) {}

  send(method: string, target: string, form?: Record<string, string>): Promise<Answer> {
    const url = new URL(target, this.base);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = { "accept-encoding": "gzip", accept: "text/html", "user-agent": "Mozilla/5.0 (no JavaScript)" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = String(Buffer.byteLength(body));
      headers.origin = this.base;
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          for (const cookie of response.headers["set-cookie"] ?? []) {
            const [pair] = cookie.split(";");
            const [name, ...value] = pair!.split("=");
            if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name!);
            else this.cookies.set(name!, value.join("="));
          }
          this.requests++;
          const headerBytes = Object.entries(response.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
          this.bytes += raw.length + headerBytes;
          const text = response.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString() : raw.toString();
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            body: text,
            wireBytes: raw.length + headerBytes,
            ms: performance.now() - started,
          });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A page and what a browser without JavaScript loads with it the first time (stylesheet, icon). */
  async page(target: string, seen: Set<string>) {
    const answer = await this.send("GET", target);
    for (const match of answer.body.matchAll(/<link[^>]+rel="(?:stylesheet|icon)"[^>]*href="([^"]+)"/g)) {
      const asset = match[1]!;
      if (seen.has(asset)) continue;
      seen.add(asset);
      await this.send("GET", asset);
    }
    return answer;
  }

  /** A form post and the page it redirects to (post/redirect/get). */
  async post(target: string, form: Record<string, string>, seen: Set<string>) {
    const posted = await this.send("POST", target, form);
    if (posted.status >= 300 && posted.status < 400 && posted.location) return { posted, page: await this.page(posted.location, seen) };
    return { posted, page: posted };
  }
}
