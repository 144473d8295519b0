import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rules live in eslint.config.js. Each case lints code that breaks one rule, placed where the
// rule applies, with the project's own config, and expects that rule's error; its clean twin, in the
// same place, lints without a single message.

const root = path.resolve(import.meta.dirname, "../..");
// The fixtures folder is ignored by `npm run lint`; here nothing is.
const eslint = new ESLint({ cwd: root, ignore: false });

type Finding = { rule: string | null; message: string };

async function lintCode(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map(({ ruleId, message }) => ({ rule: ruleId, message }));
}

async function lintFile(file: string): Promise<Finding[]> {
  const [result] = await eslint.lintFiles([path.join(root, file)]);
  return result!.messages.map(({ ruleId, message }) => ({ rule: ruleId, message }));
}

const RESTRICTED_PATH = "import-x/no-restricted-paths";
const RESTRICTED_PACKAGE = "@typescript-eslint/no-restricted-imports";

type Case = { name: string; file: string; code: string; rule: string; message: string };

function expectBroken(findings: Finding[], { rule, message }: Case) {
  expect(findings).toContainEqual({ rule, message: expect.stringContaining(message) });
}

const domainIsPure: Case[] = [
  {
    name: "React",
    file: "app/domain/fixture.ts",
    code: 'import { useState } from "react";\n\nexport const remember = useState;\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "React, as a type",
    file: "app/domain/fixture.ts",
    code: 'import type { ReactNode } from "react";\n\nexport type Label = ReactNode;\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "React Router",
    file: "app/domain/fixture.ts",
    code: 'import { redirect } from "react-router";\n\nexport const home = () => redirect("/");\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "supabase-js",
    file: "app/domain/fixture.ts",
    code: 'import { createClient } from "@supabase/supabase-js";\n\nexport const connect = createClient;\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "@supabase/ssr, for its side effects",
    file: "app/domain/fixture.ts",
    code: 'import "@supabase/ssr";\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "Stripe",
    file: "app/domain/fixture.ts",
    code: 'import type Stripe from "stripe";\n\nexport type Session = Stripe.Checkout.Session;\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "a Node built-in",
    file: "app/domain/fixture.ts",
    code: 'import { readFileSync } from "node:fs";\n\nexport const read = readFileSync;\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ is pure",
  },
  {
    name: "Conform's values (its types are allowed)",
    file: "app/domain/fixture.ts",
    code: 'import { useForm } from "@conform-to/react";\n\nexport const form = useForm;\n',
    rule: RESTRICTED_PACKAGE,
    message: "domain/ takes only types from Conform",
  },
  {
    name: "Zod's classic API",
    file: "app/domain/fixture.ts",
    code: 'import { z } from "zod";\n\nexport const name = z.string();\n',
    rule: RESTRICTED_PACKAGE,
    message: "import Zod's mini API",
  },
  {
    name: "a server module, for its side effects",
    file: "app/domain/fixture.ts",
    code: 'import "../services/settings.server";\n',
    rule: RESTRICTED_PATH,
    message: "domain/ is pure: it never imports a server module",
  },
  {
    name: "a server module, as a type through the ~/ alias",
    file: "app/domain/fixture.ts",
    code: 'import type { SaveSettingsResult } from "~/services/settings.server";\n\nexport type Store = SaveSettingsResult;\n',
    rule: RESTRICTED_PATH,
    message: "domain/ is pure: it never imports a server module",
  },
  {
    name: "a server module, imported dynamically",
    file: "app/domain/fixture.ts",
    code: 'export const later = () => import("../services/settings.server");\n',
    rule: RESTRICTED_PATH,
    message: "domain/ is pure: it never imports a server module",
  },
  {
    name: "a module outside domain/, re-exported",
    file: "app/domain/fixture.ts",
    code: 'export { useHydrated } from "../hooks/use-hydrated";\n',
    rule: RESTRICTED_PATH,
    message: "domain/ is pure: it imports only other domain modules",
  },
];

const componentsStayInTheBrowser: Case[] = [
  {
    name: "a component builds a schema with Zod's classic API",
    file: "app/components/fixture.tsx",
    code: 'import { z } from "zod/v4";\n\nexport const name = z.string();\n',
    rule: RESTRICTED_PACKAGE,
    message: "import Zod's mini API",
  },
  {
    name: "a component imports a server module",
    file: "app/components/fixture.tsx",
    code: 'import { readCompanySettings } from "~/services/settings.server";\n\nexport const settings = readCompanySettings;\n',
    rule: RESTRICTED_PATH,
    message: "they never import a server module",
  },
  {
    name: "a component imports a server module's types",
    file: "app/components/booking/fixture.tsx",
    code: 'import type { SaveSettingsResult } from "../../services/settings.server";\n\nexport type Store = SaveSettingsResult;\n',
    rule: RESTRICTED_PATH,
    message: "they never import a server module",
  },
  {
    name: "a hook imports the Express server",
    file: "app/hooks/fixture.ts",
    code: 'import "../../server/backends";\n',
    rule: RESTRICTED_PATH,
    message: "they never import the Express server",
  },
  {
    name: "a component imports a route module",
    file: "app/components/fixture.tsx",
    code: 'import { loader } from "~/routes/admin/layout";\n\nexport const load = loader;\n',
    rule: RESTRICTED_PATH,
    message: "never import a route module or the root route",
  },
  {
    name: "a hook imports the root route",
    file: "app/hooks/fixture.ts",
    code: 'import type { loader } from "../root";\n\nexport type RootLoader = typeof loader;\n',
    rule: RESTRICTED_PATH,
    message: "never import a route module or the root route",
  },
];

const servicesReturnValues: Case[] = [
  {
    name: "a service imports a route module",
    file: "app/services/fixture.server.ts",
    code: 'import { loader } from "../routes/admin/layout";\n\nexport const load = loader;\n',
    rule: RESTRICTED_PATH,
    message: "Services return plain values to routes",
  },
  {
    name: "a service imports a component",
    file: "app/services/fixture.server.ts",
    code: 'import { SiteFooter } from "~/components/site-footer";\n\nexport const footer = SiteFooter;\n',
    rule: RESTRICTED_PATH,
    message: "Services return plain values to routes",
  },
  {
    name: "a service imports the root route",
    file: "app/services/fixture.server.ts",
    code: 'import "~/root";\n',
    rule: RESTRICTED_PATH,
    message: "Services return plain values to routes",
  },
];

const emailsTakeOnlyFacts: Case[] = [
  {
    name: "a template imports a service",
    file: "app/emails/fixture.tsx",
    code: 'import { readCompanySettings } from "~/services/settings.server";\n\nexport const settings = readCompanySettings;\n',
    rule: RESTRICTED_PATH,
    message: "Email templates are rendered on the server from plain facts",
  },
  {
    name: "a template imports a route module",
    file: "app/emails/fixture.tsx",
    code: 'import { loader } from "../routes/admin/layout";\n\nexport const load = loader;\n',
    rule: RESTRICTED_PATH,
    message: "Email templates are rendered on the server from plain facts",
  },
  {
    name: "a template imports a component",
    file: "app/emails/fixture.tsx",
    code: 'import { SiteFooter } from "~/components/site-footer";\n\nexport const footer = SiteFooter;\n',
    rule: RESTRICTED_PATH,
    message: "Email templates are rendered on the server from plain facts",
  },
];

const appAndServerApart: Case[] = [
  {
    name: "the Express side imports an app module",
    file: "server/fixture.ts",
    code: 'import { readCompanySettings } from "../app/services/settings.server";\n\nexport const settings = readCompanySettings;\n',
    rule: RESTRICTED_PATH,
    message: "The Express side takes app code only through the server build",
  },
  {
    name: "server.ts imports a type from the app",
    file: "server.ts",
    code: 'import type { AppOptions } from "./app/load-context";\n\nexport const options: AppOptions | null = null;\n',
    rule: RESTRICTED_PATH,
    message: "The Express side takes app code only through the server build",
  },
  {
    name: "the app imports an emulator",
    file: "app/services/fixture.server.ts",
    code: 'export const emulator = () => import("../../emulators/supabase/index.ts");\n',
    rule: RESTRICTED_PATH,
    message: "The app never imports the emulators",
  },
  {
    name: "a server module other than backends.ts imports an emulator",
    file: "server/fixture.ts",
    code: 'import { createStripeEmulator } from "../emulators/stripe/index.ts";\n\nexport const emulator = createStripeEmulator;\n',
    rule: RESTRICTED_PATH,
    message: "The app never imports the emulators",
  },
  {
    name: "server.ts imports an emulator",
    file: "server.ts",
    code: 'import "./emulators/stripe/index.ts";\n',
    rule: RESTRICTED_PATH,
    message: "The app never imports the emulators",
  },
  {
    name: "backends.ts imports an emulator's testing helpers",
    file: "server/backends.ts",
    code: 'export const helpers = () => import("../emulators/supabase/testing/index.ts");\n',
    rule: RESTRICTED_PATH,
    message: "imports an emulator only through its public index.ts",
  },
  {
    name: "the app imports the tests",
    file: "app/root.tsx",
    code: 'import { contrastRatio } from "../tests/support/colour-contrast.ts";\n\nexport const contrast = contrastRatio;\n',
    rule: RESTRICTED_PATH,
    message: "The app never imports the tests",
  },
  {
    name: "the server imports the tests",
    file: "server/fixture.ts",
    code: 'import "../tests/support/colour-contrast.ts";\n',
    rule: RESTRICTED_PATH,
    message: "The app never imports the tests",
  },
];

/** The twin of each group: the same places, importing what they may. */
const clean: { name: string; file: string; code: string }[] = [
  {
    name: "domain/ imports domain modules, the schema types, Zod's mini API and core types, and Conform's types",
    file: "app/domain/fixture.ts",
    code: [
      'import type { SubmissionResult } from "@conform-to/react";',
      'import { z } from "zod/mini";',
      'import type { $ZodType } from "zod/v4/core";',
      'import type { Tables } from "../../supabase/types";',
      'import { formatCents } from "./money";',
      'import { COMPANY } from "~/domain/company";',
      "",
      "export const cents = z.pipe(z.number(), z.transform(formatCents));",
      "export type Schema = $ZodType;",
      "export const name = COMPANY.name;",
      'export type Row = Tables<"bookings">;',
      "export type Result = SubmissionResult;",
      "",
    ].join("\n"),
  },
  {
    name: "components and hooks import domain, other components and React Router",
    file: "app/components/fixture.tsx",
    code: [
      'import { Link } from "react-router";',
      'import { formatCents } from "~/domain/money";',
      'import { useHydrated } from "../hooks/use-hydrated";',
      "",
      "export function Price({ cents }: { cents: number }) {",
      "  const hydrated = useHydrated();",
      '  return <Link to="/book">{hydrated ? formatCents(cents) : null}</Link>;',
      "}",
      "",
    ].join("\n"),
  },
  {
    name: "services import domain, the context and other services",
    file: "app/services/fixture.server.ts",
    code: [
      'import type { AppLoadContext } from "react-router";',
      'import { formatCents } from "~/domain/money";',
      'import "./settings.server";',
      "",
      "export const price = (cents: number, _context: AppLoadContext) => formatCents(cents);",
      "",
    ].join("\n"),
  },
  {
    name: "the server build's own entry imports the app",
    file: "server/app.ts",
    code: 'export { createAppServices } from "../app/load-context";\n',
  },
  {
    name: "backends.ts imports the emulators' public index.ts",
    file: "server/backends.ts",
    code: [
      'export const stripe = () => import("../emulators/stripe/index.ts");',
      'export const supabase = () => import("../emulators/supabase/index.ts");',
      "",
    ].join("\n"),
  },
  {
    name: "a template imports domain modules and React Email",
    file: "app/emails/fixture.tsx",
    code: [
      'import { Text } from "@react-email/components";',
      'import { formatCents } from "~/domain/money";',
      "",
      "export const Price = ({ cents }: { cents: number }) => <Text>{formatCents(cents)}</Text>;",
      "",
    ].join("\n"),
  },
  {
    name: "a test imports the emulators and the test support",
    file: "app/services/fixture.server.test.ts",
    code: ['import "../../emulators/supabase/testing/index.ts";', 'import "../../tests/support/colour-contrast.ts";', ""].join("\n"),
  },
];

describe("layer rules (eslint.config.js)", () => {
  describe("domain/ is pure: it fails lint when it imports", () => {
    it.each(domainIsPure)("$name", async (broken) => expectBroken(await lintCode(broken.file, broken.code), broken));
  });

  describe("components and hooks stay in the browser: lint fails when", () => {
    it.each(componentsStayInTheBrowser)("$name", async (broken) => expectBroken(await lintCode(broken.file, broken.code), broken));
  });

  describe("services never reach up: lint fails when", () => {
    it.each(servicesReturnValues)("$name", async (broken) => expectBroken(await lintCode(broken.file, broken.code), broken));
  });

  describe("email templates take only domain facts: lint fails when", () => {
    it.each(emailsTakeOnlyFacts)("$name", async (broken) => expectBroken(await lintCode(broken.file, broken.code), broken));
  });

  describe("the app, the server, the emulators and the tests stay apart: lint fails when", () => {
    it.each(appAndServerApart)("$name", async (broken) => expectBroken(await lintCode(broken.file, broken.code), broken));
  });

  describe("lint passes when", () => {
    it.each(clean)("$name", async ({ file, code }) => expect(await lintCode(file, code)).toEqual([]));
  });

  it("an import cycle fails lint, and the same modules without the cycle pass", async () => {
    expect(await lintFile("tests/architecture/fixtures/cycle/first.ts")).toContainEqual({
      rule: "import-x/no-cycle",
      message: expect.stringContaining("Dependency cycle"),
    });
    expect(await lintFile("tests/architecture/fixtures/no-cycle/first.ts")).toEqual([]);
  });
});
