// `npm start`: install what is missing, build what is stale, then run the server (it migrates and seeds).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildApi, buildWeb } from "./build.mjs";
import { ensureDependencies, log, ROOT } from "./lib.mjs";

await ensureDependencies();
await buildApi();
await buildWeb();

log("Starting the server…");
const child = spawn(process.execPath, ["--enable-source-maps", path.join(ROOT, "apps/api/dist/main.js")], {
  cwd: ROOT,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
