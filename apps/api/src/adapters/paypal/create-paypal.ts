import { createPayPalSandbox, type PayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox";
import { createSandboxFetch, SANDBOX_FETCH_BASE_URL } from "@threadfolk/paypal-sandbox/sandbox-fetch";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { PayPalGateway } from "./paypal.ts";
import { createPayPalApiGateway } from "./paypal-api.ts";

/** PayPal's JS SDK, loaded by the payment step when PayPal's own API is configured. */
export const PAYPAL_SDK_URL = "https://www.paypal.com/sdk/js";

/**
 * The origins PayPal's buttons load scripts, frames, images and calls from (PayPal's published CSP guidance),
 * allowed by the app's Content-Security-Policy only when real PayPal is configured.
 */
export const PAYPAL_CSP_ORIGINS = ["https://*.paypal.com", "https://*.paypalobjects.com"];

/** Where the app mounts the sandbox (`registerPayPalSandbox`) for the approval page and the JS SDK stand-in. */
export const PAYPAL_SANDBOX_PREFIX = "/paypal-sandbox";

export type PayPalSetup = {
  gateway: PayPalGateway;
  /** The webhook id notifications are verified for; undefined: PayPal credentials without PAYPAL_WEBHOOK_ID. */
  webhookId: string | undefined;
  /** The in-app sandbox when no PayPal credentials are set (mount it, approve its orders); else undefined. */
  sandbox: PayPalSandbox | undefined;
};

/**
 * PayPal's API at PAYPAL_API_BASE when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set; otherwise the same
 * adapter against the in-app sandbox, reached in the process (no network), so the offline path runs the real
 * adapter code. The sandbox keeps its books in `db` (every instance serves every order) and signs its
 * notifications for PAYPAL_WEBHOOK_ID when set.
 */
export function createPayPal(config: Config, db: Database): PayPalSetup {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    return {
      gateway: createPayPalApiGateway({
        baseUrl: config.PAYPAL_API_BASE,
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        timeoutMs: config.PAYPAL_TIMEOUT_MS,
      }),
      webhookId: config.PAYPAL_WEBHOOK_ID,
      sandbox: undefined,
    };
  }
  const sandbox = createPayPalSandbox({
    db,
    ...(config.PAYPAL_WEBHOOK_ID ? { webhookId: config.PAYPAL_WEBHOOK_ID } : {}),
    publicBaseUrl: `${config.PUBLIC_URL}${PAYPAL_SANDBOX_PREFIX}`,
  });
  return {
    gateway: createPayPalApiGateway({
      name: "paypal_sandbox",
      baseUrl: SANDBOX_FETCH_BASE_URL,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      timeoutMs: config.PAYPAL_TIMEOUT_MS,
      fetch: createSandboxFetch(sandbox),
    }),
    webhookId: sandbox.webhookId,
    sandbox,
  };
}
