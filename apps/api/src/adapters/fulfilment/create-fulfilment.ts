import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { FulfilmentProvider } from "./fulfilment.ts";
import { createLocalPrintShop, type LocalPrintShop } from "./local-print-shop.ts";
import { createPrintfulFulfilment } from "./printful.ts";

export type FulfilmentSetup = {
  /** Where new orders go (FULFILMENT_PROVIDER). */
  provider: FulfilmentProvider;
  /** Every provider this instance can read orders back from, by name. */
  providers: Partial<Record<FulfilmentProvider["name"], FulfilmentProvider>>;
  /** The local print shop: always there, so the orders it has keep moving whatever the setting says now. */
  printShop: LocalPrintShop;
};

/**
 * The print providers (issue 27, decision 069), chosen like the other adapters: the local print shop unless
 * FULFILMENT_PROVIDER=printful. The local print shop reads the files it is sent through `readFile` (our signed
 * links, resolved in the process) and reports each step by queueing the same read-back job a provider's webhook
 * queues, plus the job that wakes it at its next step.
 */
export function createFulfilment(options: {
  config: Config;
  db: Database;
  readFile: (url: string) => Promise<Buffer>;
  printful?: FulfilmentProvider;
}): FulfilmentSetup {
  const { config, db, readFile } = options;
  const printShop = createLocalPrintShop({
    db,
    daySeconds: config.PRINT_SHOP_DAY_SECONDS,
    readFile,
    async notify(tx, event) {
      await enqueueJob(tx, "sync_order_fulfilment", { externalId: event.externalId, eventType: event.eventType });
      if (event.wakeAt) {
        await enqueueJob(
          tx,
          "advance_print_shop_order",
          { printShopOrderId: event.printShopOrderId },
          { runAt: event.wakeAt, dedupeKey: `${event.printShopOrderId}:${event.wakeAt.toISOString()}` },
        );
      }
    },
  });
  const printful =
    options.printful ??
    (config.PRINTFUL_API_TOKEN && config.PRINTFUL_WEBHOOK_SECRET
      ? createPrintfulFulfilment({
          baseUrl: config.PRINTFUL_API_BASE,
          apiToken: config.PRINTFUL_API_TOKEN,
          ...(config.PRINTFUL_STORE_ID ? { storeId: config.PRINTFUL_STORE_ID } : {}),
          webhookSecret: config.PRINTFUL_WEBHOOK_SECRET,
          timeoutMs: config.PRINTFUL_TIMEOUT_MS,
        })
      : undefined);
  const providers: FulfilmentSetup["providers"] = { local_print_shop: printShop };
  if (printful) providers.printful = printful;
  if (config.FULFILMENT_PROVIDER === "printful" && !printful) {
    throw new Error("FULFILMENT_PROVIDER=printful needs PRINTFUL_API_TOKEN and PRINTFUL_WEBHOOK_SECRET");
  }
  const provider = config.FULFILMENT_PROVIDER === "printful" && printful ? printful : printShop;
  return { provider, providers, printShop };
}
