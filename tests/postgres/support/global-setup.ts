import { TEMPLATE_DATABASE, applyDatabaseScripts, connect, databaseUrl, onServer } from "./database.ts";

/** Migrates the template database every test file copies, once, before the workers start. */
export default async function migrateTemplateDatabase(): Promise<void> {
  await onServer(async (server) => {
    await server.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await server.query(`create database ${TEMPLATE_DATABASE}`);
  });
  const template = await connect(databaseUrl(TEMPLATE_DATABASE));
  try {
    await applyDatabaseScripts(template);
  } finally {
    await template.end();
  }
}
