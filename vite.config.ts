import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server build starts at server/app.ts: the app's build and the server's parts that run app code.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
});
