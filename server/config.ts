import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65_535);

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default("./.data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type ServerConfig = ReturnType<typeof readConfig>;

/**
 * Reads and validates the environment once at start. A wrong value stops start-up with a
 * message that names the variable, instead of failing later in a request.
 */
export function readConfig(environment: NodeJS.ProcessEnv = process.env) {
  const result = environmentSchema.safeParse(environment);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = result.data;
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    /** Development serves the app through Vite with HMR; production and test serve the build. */
    usesViteDevServer: env.NODE_ENV === "development",
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
  };
}

export class ConfigError extends Error {}
