// React Router's custom-server template on Express 5 with compression, without its request log:
// the reference `npm run bench:landing` measures the app's own landing page against.
// Usage: node benchmarks/bare-react-router/server.ts <port>   (after `react-router build benchmarks/bare-react-router`)
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const root = import.meta.dirname;
const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build }));
app.listen(Number(process.argv[2] ?? 3200), "127.0.0.1", () => console.log("ready"));
