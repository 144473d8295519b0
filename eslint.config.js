import path from "node:path";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers. Each zone names a folder and what it may not import. import-x resolves every import to its
// file (`~/` alias, relative path, static, type-only, side-effect, re-export or dynamic `import()`), so a
// rule holds however the path is spelled. Tests are not the app: they may import anything.
const layerZones = [
  {
    target: "./app/domain",
    from: "./",
    except: ["./app/domain", "./supabase/types.ts", "./node_modules"],
    message: "domain/ is pure: it imports only other domain modules, the generated schema types and zod.",
  },
  {
    target: "./app/domain",
    from: "./**/*.server.{ts,tsx}",
    message: "domain/ is pure: it never imports a server module.",
  },
  {
    target: ["./app/components", "./app/hooks"],
    from: "./**/*.server.{ts,tsx}",
    message: "Components and hooks also run in the browser: they never import a server module.",
  },
  {
    target: ["./app/components", "./app/hooks"],
    from: ["./server", "./server.ts"],
    message: "Components and hooks also run in the browser: they never import the Express server.",
  },
  {
    target: ["./app/components", "./app/hooks"],
    from: ["./app/routes", "./app/root.tsx"],
    message: "Components and hooks never import a route module or the root route: routes import them.",
  },
  {
    target: "./app/services",
    from: ["./app/routes", "./app/components", "./app/root.tsx"],
    message: "Services return plain values to routes: they never import a route module, a component or the root route.",
  },
  {
    // The Express side reaches the app only through the server build: server/app.ts and the modules only it
    // imports are built by Vite with the app, so no app module is bundled twice.
    target: ["./server.ts", "./server/!(app|analytics-http|housekeeping|message-sending|seed-settings).ts"],
    from: "./app",
    message: "The Express side takes app code only through the server build (server/app.ts).",
  },
  {
    target: "./app/emails",
    from: "./",
    except: ["./app/emails", "./app/domain", "./supabase/types.ts", "./node_modules"],
    message: "Email templates are rendered on the server from plain facts: they import only domain/ and packages.",
  },
  {
    target: ["./app", "./server", "./server.ts"],
    from: ["./tests"],
    message: "The app never imports the tests.",
  },
];
// Only server/backends.ts wires the emulators in (embedded mode), and only through their public index.ts.
const emulatorsOutsideBackends = {
  target: ["./app", "./server", "./server.ts"],
  from: ["./emulators"],
  message: "The app never imports the emulators: server/backends.ts wires them in.",
};
const emulatorsInBackends = {
  target: "./server/backends.ts",
  from: "./emulators",
  except: ["./mail/index.ts", "./stripe/index.ts", "./supabase/index.ts"],
  message: "server/backends.ts imports an emulator only through its public index.ts.",
};

// Schemas the browser runs are built with Zod's mini API: the classic one attaches every method to every
// schema, which weighs on each form page and on the time its schemas take to make.
const zodClassic = {
  regex: "^zod(/v4)?$",
  message: "Modules the browser may load import Zod's mini API (zod/mini), and types from zod/v4/core.",
};

// The browser and the server both run domain/: it imports no package but Zod's mini API, and Conform's types.
// Its own and the schema's files are judged by the zones above.
const domainPackages = {
  patterns: [
    zodClassic,
    {
      regex: "^(?![.~]|zod/(mini|v4/core)$|@conform-to/)",
      message: "domain/ is pure: no React, React Router, Supabase, Stripe, Node or other package but Zod's mini API.",
    },
    { group: ["@conform-to/*"], allowTypeImports: true, message: "domain/ takes only types from Conform." },
  ],
};

const appSources = ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"];
const testSources = ["**/*.test.{ts,tsx}"];

// The recommendations of typescript-eslint, React, its hooks and jsx-a11y, as React Router's templates
// set them up; Prettier owns formatting, so the rules that would disagree with it are off.
export default tseslint.config(
  {
    ignores: [
      "**/build/",
      "**/.react-router/",
      ".data/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
      "supabase/types.ts",
      // Code that breaks the layer rules on purpose; tests/architecture/layer-rules.test.ts lints it.
      "tests/architecture/fixtures/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ["**/*.{ts,tsx}"], ...react.configs.flat.recommended },
  { files: ["**/*.{ts,tsx}"], ...react.configs.flat["jsx-runtime"] },
  { files: ["**/*.{ts,tsx}"], ...reactHooks.configs.flat["recommended-latest"] },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  // A region that scrolls takes focus, so a keyboard can scroll it (WCAG 2.1.1).
  { files: ["app/**/*.tsx"], rules: { "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }] } },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      react: { version: "detect" },
      formComponents: ["Form"],
      linkComponents: [
        { name: "Link", linkAttribute: "to" },
        { name: "NavLink", linkAttribute: "to" },
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Read .ts and .tsx modules with typescript-eslint's parser when following imports.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          conditionNames: ["types", "import", "default"],
          tsconfig: { configFile: path.resolve(import.meta.dirname, "tsconfig.json") },
        }),
      ],
    },
    // No import cycles anywhere; type-only imports are erased by the build, so import-x does not follow them.
    // Packages cannot import our modules back, so their own graphs are not walked.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: appSources,
    ignores: [...testSources, "server/backends.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, emulatorsOutsideBackends] }] },
  },
  {
    files: ["server/backends.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, emulatorsInBackends] }] },
  },
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    ignores: testSources,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", domainPackages] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/hooks/**/*.{ts,tsx}"],
    ignores: testSources,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [zodClassic] }] },
  },
  prettier,
);
