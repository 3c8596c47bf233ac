import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { PayoutsPort } from "./payouts.ts";
import { createPayPalPayouts } from "./paypal-payouts.ts";
import { createSandboxPayouts, type SandboxPayouts } from "./sandbox-payouts.ts";

export type PayoutsSetup = {
  port: PayoutsPort;
  /** The local payout sandbox when it is the provider (tests steer its items); else undefined. */
  sandbox: SandboxPayouts | undefined;
};

/**
 * PayPal Payouts when PAYOUTS_PROVIDER is `paypal` (the default once PayPal credentials are set); otherwise the
 * local payout sandbox, its books in `db`, its clock PAYOUT_SANDBOX_PROCESSING_SECONDS and
 * PAYOUT_SANDBOX_UNCLAIMED_SECONDS.
 */
export function createPayouts(config: Config, db: Database): PayoutsSetup {
  if (config.PAYOUTS_PROVIDER === "paypal" && config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    return {
      port: createPayPalPayouts({
        baseUrl: config.PAYPAL_API_BASE,
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        timeoutMs: config.PAYPAL_TIMEOUT_MS,
      }),
      sandbox: undefined,
    };
  }
  const sandbox = createSandboxPayouts({
    db,
    processingSeconds: config.PAYOUT_SANDBOX_PROCESSING_SECONDS,
    unclaimedReturnSeconds: config.PAYOUT_SANDBOX_UNCLAIMED_SECONDS,
  });
  return { port: sandbox, sandbox };
}

/** The local payout sandbox answering at once, whatever the configuration: the demo seed's payouts never go to PayPal. */
export function createInstantSandboxPayouts(db: Database): PayoutsPort {
  return createSandboxPayouts({ db, processingSeconds: 0, unclaimedReturnSeconds: 30 * 86_400 });
}
