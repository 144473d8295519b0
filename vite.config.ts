import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// Conform's form-value coercion builds its wrappers (pipe, transform, optional, lazy) with Zod's classic
// API, whose every schema carries every method: that API would add about 40 KiB to each form page the
// browser loads. The mini API's functions of the same names build the same wrappers, so the browser's
// build takes them from there; the server keeps the classic API.
const conformOnZodMini: Plugin = {
  name: "conform-on-zod-mini",
  // Before Vite's own resolver, which would otherwise find the classic API first.
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId(source, importer) {
    if (source === "zod/v4" && importer?.includes("/node_modules/@conform-to/zod/")) return this.resolve("zod/v4/mini", importer, { skipSelf: true });
  },
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), conformOnZodMini],
  resolve: { tsconfigPaths: true },
  // The server build starts at server/app.ts: the app's build and the server's parts that run app code.
  environments: {
    // Its text in ASCII alone: V8 keeps a module's source for as long as the server runs, at two bytes a
    // character once one character is outside Latin-1 (a dash, an arrow).
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          output: {
            minify: { compress: false, mangle: false, codegen: { removeWhitespace: false, asciiOnly: true } },
            comments: { legal: true, annotation: true, jsdoc: false },
          },
        },
      },
    },
    // React, React DOM and React Router, which every page needs, in one file rather than five: each
    // module a page loads costs a request and 2-3 ms of a slow phone's main thread to start.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 20,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Bundled into the server build rather than loaded whole from node_modules: only the icons and email
  // parts the app uses are kept, about 14 MiB of heap (40 MiB resident) less for every server.
  // @supabase/ssr is published as CommonJS only: loaded from node_modules it brings a CommonJS copy of
  // supabase-js beside the one the app imports; bundled, it shares the app's (2 MiB of heap less).
  ssr: { noExternal: ["lucide-react", /^@react-email\/(?!render$)/, "@supabase/ssr"] },
});
