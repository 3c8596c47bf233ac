import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// Long-lived vendor chunks: app deploys change the small app chunk, not the libraries' (better caching).
const VENDOR_GROUPS = [
  { name: "vendor-react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "vendor-router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: "vendor-query", test: /node_modules[\\/]@tanstack[\\/]/ },
];

/** Text assets worth compressing (source maps are for developers and are left as they are). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `.br` and `.gz` siblings of the built text assets, which the server sends to browsers that accept
 * them (`preCompressed` static serving): a phone on a slow network downloads a third of the bytes, and the
 * server spends no CPU compressing at request time.
 */
function precompressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "threadfolk-precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assetsDir = path.join(outDir, "assets");
      if (!fs.existsSync(assetsDir)) return;
      for (const name of fs.readdirSync(assetsDir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(assetsDir, name);
        const content = fs.readFileSync(file);
        if (content.length < MIN_COMPRESS_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
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
