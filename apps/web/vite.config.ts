import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Long-lived vendor chunks: app deploys change the small app chunk, not the libraries' (better caching).
const VENDOR_GROUPS = [
  { name: "vendor-react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "vendor-router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  {
    name: "vendor-ui",
    test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es|sonner)[\\/]/,
  },
  { name: "vendor-query", test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: "es2022",
    sourcemap: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/oauth": "http://localhost:3000", "/media": "http://localhost:3000" },
  },
});
