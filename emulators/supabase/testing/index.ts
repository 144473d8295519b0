// What tests and benchmarks import from the emulator, besides its public entry point (../index.ts).

/** Signs claims with HS256, for tests that need a token the auth service would not issue (expired, wrongly signed). */
export { signJwt } from "../jwt.ts";
export { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend, type TestClientOptions } from "./backend.ts";
export { startRestFixture, type RestFixture } from "./fixtures/rest-contract.ts";
