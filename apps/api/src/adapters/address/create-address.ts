import type { Config } from "../../config.ts";
import type { AddressVerifier } from "./address.ts";
import { createLocalAddressVerifier } from "./local-address.ts";
import { createUpsAddressVerifier } from "./ups-address.ts";

/**
 * UPS when UPS_CLIENT_ID and UPS_CLIENT_SECRET are set (falling back to the ZIP data when UPS is slower than
 * UPS_TIMEOUT_MS or fails); else the bundled ZIP data alone.
 */
export function createAddressVerifier(config: Config, onFallback?: (error: unknown) => void): AddressVerifier {
  const local = createLocalAddressVerifier();
  if (!config.UPS_CLIENT_ID || !config.UPS_CLIENT_SECRET) return local;
  return createUpsAddressVerifier({
    baseUrl: config.UPS_BASE_URL,
    clientId: config.UPS_CLIENT_ID,
    clientSecret: config.UPS_CLIENT_SECRET,
    timeoutMs: config.UPS_TIMEOUT_MS,
    fallback: local,
    onFallback,
  });
}
