import { once } from "node:events";
import { createServer } from "node:net";

/** A port nobody listens on now, for a server a test, a benchmark or a script is about to start. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}
