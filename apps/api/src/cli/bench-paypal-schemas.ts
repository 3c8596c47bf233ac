import { performance } from "node:perf_hooks";
import { createPayPalSchemas, type PayPalDescriptionName } from "@threadfolk/paypal-sandbox/paypal-schemas";

/**
 * How long the PayPal sandbox's Ajv validators take to build (decision 065): making the Ajv instance with PayPal's
 * four descriptions, then compiling each operation's request validator the first time, then once more (kept).
 * Prints figures only. Run: npx tsx apps/api/src/cli/bench-paypal-schemas.ts
 */

/** Wall and CPU milliseconds of one step (CPU is the steadier figure on a shared machine). */
const time = (run: () => unknown) => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  run();
  const used = process.cpuUsage(cpu);
  return {
    wallMs: Math.round((performance.now() - start) * 10) / 10,
    cpuMs: Math.round((used.user + used.system) / 100) / 10,
  };
};

const rows: Record<string, { wallMs: number; cpuMs: number }> = {};
let schemas: ReturnType<typeof createPayPalSchemas> | undefined;
rows["new instance (closed, four descriptions added)"] = time(() => {
  schemas = createPayPalSchemas({ closed: true });
});
const made = schemas as ReturnType<typeof createPayPalSchemas> | undefined;
if (!made) throw new Error("no instance");
const instance = made;
const operations: Array<[PayPalDescriptionName, string]> = [
  ["orders", "order_request"],
  ["orders", "order_capture_request"],
  ["payments", "refund_request"],
  ["webhooks", "verify_webhook_signature"],
  ["tracking", "tracker_collection"],
  ["tracking", "tracker"],
];
for (const [description, schema] of operations) {
  rows[`${description} ${schema}, first use (compile)`] = time(() => instance.schema(description, schema));
  rows[`${description} ${schema}, second use (kept)`] = time(() => instance.schema(description, schema));
}
rows["orders parameters (5), first use"] = time(() => {
  for (const name of ["id", "paypal_request_id", "prefer", "paypal_client_metadata_id", "paypal_auth_assertion"])
    instance.parameter("orders", name);
});
const open = createPayPalSchemas();
rows["published (open) order_request, first use"] = time(() => open.schema("orders", "order_request"));
console.table(Object.entries(rows).map(([step, figures]) => ({ step, ...figures })));
