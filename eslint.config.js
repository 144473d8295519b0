import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The recommendations of typescript-eslint, React, its hooks and jsx-a11y, as React Router's templates
// set them up; Prettier owns formatting, so the rules that would disagree with it are off.
export default tseslint.config(
  { ignores: ["**/build/", "**/.react-router/", ".data/", "test-results/", "playwright-report/", "node_modules/", "supabase/types.ts"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ["**/*.{ts,tsx}"], ...react.configs.flat.recommended },
  { files: ["**/*.{ts,tsx}"], ...react.configs.flat["jsx-runtime"] },
  { files: ["**/*.{ts,tsx}"], ...reactHooks.configs.flat["recommended-latest"] },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
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
  prettier,
);
