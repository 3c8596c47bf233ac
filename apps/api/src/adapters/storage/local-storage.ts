import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "./storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** Media as files under a directory (default `DATA_DIR/media`); shared by instances on one disk or volume. */
export function createLocalStorage(root: string): MediaStorage {
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`media key escapes the storage root: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = resolveKey(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a concurrent reader never sees half a file; a unique name per write, so two
      // writers of one key (a lazy render racing a pre-render) never share a temporary file.
      const temporary = `${full}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, full);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const body = await fs.readFile(resolveKey(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fs.access(resolveKey(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
  };
}
