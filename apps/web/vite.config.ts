import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rolldown } from "vite";
// A relative path: the config is bundled with its relative imports, while packages (the contract's TypeScript
// sources included) would be loaded by Node as they are.
import { type ClientRouteKey, ROUTE_PRELOADS_FILE } from "../../packages/contract/src/routes.ts";

// Long-lived vendor chunks: app deploys change the small app chunk, not the libraries' (better caching).
const VENDOR_GROUPS = [
  { name: "vendor-react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "vendor-router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: "vendor-query", test: /node_modules[\\/]@tanstack[\\/]/ },
  // The app's own modules that the first paint needs, in one chunk rather than a dozen small shared ones that
  // each cost a request (lazy pages import from it).
  { name: "app", test: (id: string) => !/node_modules/.test(id), tags: ["$initial" as const] },
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

/**
 * The page module of each landing route (as `src/app/router.tsx` maps them). The server preloads the page's
 * code with index.html, so it downloads with the app's code instead of after it has run (decision 011).
 */
const LANDING_PAGE_MODULES: Partial<Record<ClientRouteKey, string>> = {
  home: "src/pages/home-page.tsx",
  results: "src/pages/results-page.tsx",
  design: "src/pages/design-page.tsx",
  artist: "src/pages/artist-page.tsx",
  // Landed on from the cart icon in another tab, a bookmark or a reload (decision 019).
  shoppingCart: "src/pages/shopping-cart-page.tsx",
};

/**
 * Writes `route-preloads.json`: for each landing route, the URLs of its page chunk and of the chunks that
 * chunk imports, less those index.html already loads. The server turns them into `<link rel="modulepreload">`.
 */
function writeRoutePreloads(): Plugin {
  let root = process.cwd();
  let base = "/";
  return {
    name: "threadfolk-route-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
      /** A chunk and everything it imports statically (what the browser needs before running it). */
      const withImports = (fileName: string, found = new Set<string>()): Set<string> => {
        if (found.has(fileName)) return found;
        found.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, found);
        return found;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) this.error("the build has no entry chunk");
      const loadedByIndex = withImports(entry.fileName);
      const preloads: Record<string, string[]> = {};
      for (const [route, module] of Object.entries(LANDING_PAGE_MODULES)) {
        const moduleId = path.resolve(root, module);
        const page = [...chunks.values()].find((chunk) => chunk.facadeModuleId === moduleId);
        if (!page) this.error(`no chunk for ${module}: is it still a lazy route of the router?`);
        preloads[route] = [...withImports(page.fileName)]
          .filter((fileName) => !loadedByIndex.has(fileName))
          .map((fileName) => `${base}${fileName}`);
      }
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

/**
 * Moves the built stylesheet from the head to the `<!--app-stylesheet-->` mark after the boot shell: a stylesheet
 * in the body does not hold back the painting of what comes before it, and the app's scripts still wait for it
 * (scripts never run while a stylesheet the parser has met is loading), so nothing renders unstyled.
 */
function stylesheetAfterBootShell(): Plugin {
  const MARK = "<!--app-stylesheet-->";
  return {
    name: "threadfolk-stylesheet-after-boot-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        if (!html.includes(MARK) || links.length === 0) return html;
        let moved = html;
        for (const link of links) moved = moved.replace(link, "");
        return moved.replace(MARK, links.map((link) => link.trim()).join("\n    "));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets(), writeRoutePreloads(), stylesheetAfterBootShell()],
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
