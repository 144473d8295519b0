// The test helpers moved to ./testing/index.ts; this forwards to it until server/seed-admin.test.ts
// imports that path. Nothing else should import this file.
export * from "./testing/index.ts";
