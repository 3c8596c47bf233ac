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
  // `npm start` is the demo and development path: the embedded database with the demo marketplace (decision 057).
  env: { NODE_ENV: "development", ...process.env },
});

function stopServer(signal) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => stopServer(signal));
}

// npm runs this script through `sh -c`, and the shell does not pass on the SIGTERM that npm forwards to it:
// the shell and npm exit and this script is left with a new parent. That is a request to stop, too.
const parentPid = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid !== parentPid) {
    clearInterval(parentWatch);
    stopServer("SIGTERM");
  }
}, 250);

child.on("exit", (code, signal) => {
  clearInterval(parentWatch);
  process.exit(code ?? (signal ? 1 : 0));
});
