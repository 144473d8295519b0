import { TEMPLATE_DATABASE, applyDatabaseScripts, connect, databaseUrl, onServer } from "./database.ts";

/**
 * Migrates the template database every test file copies, once, before the workers start; drops the
 * copies a run that was killed left behind. Drops the template when the run ends.
 */
export default async function migrateTemplateDatabase(): Promise<() => Promise<void>> {
  await onServer(async (server) => {
    const { rows } = await server.query<{ name: string }>("select datname as name from pg_database where datname ~ '^moving_test_[0-9a-f]{12}$'");
    for (const { name } of rows) await server.query(`drop database ${name} with (force)`);
    await server.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await server.query(`create database ${TEMPLATE_DATABASE}`);
  });
  const template = await connect(databaseUrl(TEMPLATE_DATABASE));
  try {
    await applyDatabaseScripts(template);
  } finally {
    await template.end();
  }
  return () => onServer((server) => server.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)).then(() => undefined);
}
