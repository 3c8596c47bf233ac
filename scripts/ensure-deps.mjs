// Installs dependencies when they are missing or stale; used by `npm run check` and `npm run db:migrate`.
import { ensureDependencies } from "./lib.mjs";

await ensureDependencies();
