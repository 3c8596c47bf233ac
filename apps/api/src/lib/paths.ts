import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The apps/api folder, found from this module whether it runs from src/ (tests) or the dist/ bundle. */
function findApiRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(directory, "package.json"))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error("apps/api/package.json not found above the server code");
    directory = parent;
  }
  return directory;
}

const API_ROOT = findApiRoot();
export const MIGRATIONS_FOLDER = path.join(API_ROOT, "drizzle");
export const DEFAULT_WEB_DIST_DIR = path.resolve(API_ROOT, "../web/dist");
