// Setup file of the integration project (vitest.config.ts): registered before the file's own hooks, so it
// runs after them, once the servers using the directories have closed.
import { afterAll } from "vitest";
import { removeTemporaryDirectories } from "./temporary-directories.ts";

afterAll(() => {
  removeTemporaryDirectories();
});
