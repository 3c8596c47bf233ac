import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const created = new Set<string>();

/**
 * A fresh directory under the system's temporary directory, removed with everything in it (outbox e-mails,
 * media) when the test file ends: test/remove-temporary-directories.ts runs after every integration file.
 */
export function createTemporaryDirectory(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.add(directory);
  return directory;
}

/** Removes every directory createTemporaryDirectory made in this process. */
export function removeTemporaryDirectories(): void {
  for (const directory of created) {
    fs.rmSync(directory, { recursive: true, force: true });
    created.delete(directory);
  }
}
