import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `npm run dev -w apps/web` serves the app on :5173 with hot reload; the API and uploads come from the server
// started beside it (`npm run dev`, port 3000).
const server = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      "/api": { target: server },
      "/media": { target: server },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // dist/.vite/manifest.json: which chunks and styles each page loads first (`npm run bench` weighs them).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries change far less often than our code, so they get their own long-cached chunks: React and
            // the router, then the other libraries every page needs. Libraries used by one page stay with it.
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
            // The icons pages use beyond the shell's: one small shared chunk instead of a request per icon.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
