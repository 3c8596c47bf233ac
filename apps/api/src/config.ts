import path from "node:path";
import { SESSION_TIMEOUT_MINUTES } from "@threadfolk/contract/constants";
import { z } from "zod";

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}://`)), {
      message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(" or ")}`,
    });

/** Every environment variable the server reads; documented in the README's configuration table. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: optionalUrl(["http", "https"]),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: optionalUrl(["redis", "rediss"]),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Unset: readable lines when stdout is a terminal, JSON otherwise. */
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    BRAND_NAME: z.string().trim().min(1).default("Threadfolk"),
    SUPPORT_EMAIL: z.email().optional(),
    OAUTH_CLIENT_ID: z.string().min(8).default("threadfolk-web"),
    OAUTH_CLIENT_SECRET: z.string().min(16).default("threadfolk-web-public-client-secret"),
    SECRET_KEY: z.string().min(32).optional(),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    TRUST_PROXY: booleanFromString.default(false),
    /**
     * Unset: seed the demo marketplace only into the embedded database and only outside production; a
     * `DATABASE_URL` gets it only with SEED_DEMO_DATA=true (decision 057).
     */
    SEED_DEMO_DATA: booleanFromString.optional(),
    WEB_DIST_DIR: z.string().optional(),
    SMTP_URL: optionalUrl(["smtp", "smtps"]),
    MAIL_FROM: z.string().optional(),
    /** S3-compatible media storage; used instead of local files when S3_BUCKET is set. */
    S3_ENDPOINT: optionalUrl(["http", "https"]),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_BUCKET: z.string().trim().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),
    DISCOVERY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(7200),
    /** How long an instance keeps a valid access-token lookup (decision 051); 0 asks the database every time. */
    ACCESS_TOKEN_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    SESSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(SESSION_TIMEOUT_MINUTES),
    EMAIL_CONFIRMATION_TTL_HOURS: z.coerce.number().int().min(1).default(72),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(200),
    RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_GUEST_TOKENS_PER_IP: z.coerce.number().int().min(1).default(1000),
    /** Sign-in (decision 020): wrong passwords per e-mail and client address in RATE_LIMIT_WINDOW_SECONDS. */
    SIGN_IN_FAILURES_PER_PAIR: z.coerce.number().int().min(1).default(5),
    /** Wrong passwords per e-mail, from any address, before new addresses wait a growing delay. */
    SIGN_IN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    SIGN_IN_EMAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** The longest delay a new address waits between sign-in attempts on an e-mail under attack. */
    SIGN_IN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(300),
    /** Search results and suggestions, each: requests per client address in the window (sliding). */
    SEARCH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
    SEARCH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
    /** Search result pages kept per instance (decision 047): seconds (0 disables), entries and bytes at most. */
    SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    SEARCH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(2000),
    SEARCH_CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(32 * 1024 * 1024),
    /**
     * Searches that run at once per instance (default 4 on PostgreSQL, 1 on the embedded database, whose one
     * connection would only interleave them); more wait in line up to SEARCH_QUEUE_TIMEOUT_MS, then 503.
     */
    SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    SEARCH_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
    /**
     * The in-memory search index of each instance (decision 048): `on` answers searches from memory once it is
     * built (SQL meanwhile), `off` always searches with SQL. Rebuilt after this instance's catalogue changes and
     * every SEARCH_INDEX_SYNC_SECONDS (0: only after changes), which bounds what other instances' writes take.
     */
    SEARCH_INDEX: z.enum(["on", "off"]).default("on"),
    SEARCH_INDEX_SYNC_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** Analytics batches per identity (guest or customer) in any minute. */
    ANALYTICS_BATCHES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Stored analytics events older than this are deleted by the hourly housekeeping job. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
    /** How often each process's job worker looks for due jobs (an enqueue in the same process wakes it at once). */
    JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
    /** The longest one piece of heavy work (an upload's checks, a mockup set) may take before it is stopped. */
    HEAVY_JOB_TIME_LIMIT_SECONDS: z.coerce.number().min(1).default(60),
    /** The resident memory a heavy work process may use before it is stopped (decision 056). */
    HEAVY_JOB_MEMORY_LIMIT_MB: z.coerce.number().int().min(128).default(1536),
    /**
     * Child processes that draw the pictures asked for by the media route (a mockup, an avatar's size) under
     * the same limits, apart from the heavy job lane's one, so an upload's checks never delay a page's pictures.
     */
    HEAVY_RENDER_PROCESSES: z.coerce.number().int().min(1).max(16).default(2),
    /**
     * How many orders' print files are drawn at once: a job lane and a heavy work process each (decision 075),
     * under the same limits, apart from the heavy job lane, so paid orders never wait behind an artist's mockups.
     */
    PRINT_FILE_LANES: z.coerce.number().int().min(1).max(8).default(2),
    MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(30),
    MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(0).default(3600),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(12),
    MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    /** GA4 Measurement Protocol forwarding of first-party analytics; off unless both id and secret are set. */
    ANALYTICS_GA4_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-XXXXXXXXXX")
      .optional(),
    ANALYTICS_GA4_API_SECRET: z.string().trim().min(8).optional(),
    ANALYTICS_GA4_ENDPOINT: optionalUrl(["http", "https"]),
    /** Without GA4: forward stored events to a local log (DATA_DIR/analytics/*.ndjson) instead of nowhere. */
    ANALYTICS_LOCAL_LOG: booleanFromString.default(false),
    ANALYTICS_FORWARD_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
    ANALYTICS_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Stripe Tax (decision 023): estimates come from Stripe when its secret key is set, else from the local table. */
    STRIPE_TAX_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, "must look like sk_test_… or rk_live_…")
      .optional(),
    STRIPE_TAX_API_BASE: optionalUrl(["http", "https"]),
    /** The longest wait for Stripe Tax per estimate before the local table answers instead. */
    TAX_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
    /** Stripe card payments (decision 026): cards go to Stripe PaymentIntents when set, else to the local test processor. */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, "must look like sk_test_… or rk_live_…")
      .optional(),
    STRIPE_API_BASE: optionalUrl(["http", "https"]),
    /** Stripe.js in the payment step (decision 061): the publishable key of the same account; needed with the secret key. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .trim()
      .regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, "must look like pk_test_… or pk_live_…")
      .optional(),
    /** The signing secret of the Stripe webhook endpoint `/api/v1/stripe_webhooks` (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "must look like whsec_…")
      .optional(),
    /** The longest wait for the card processor per request; past it the payment is reconciled by its idempotency key. */
    CARD_PROCESSOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    /** Declined card payments allowed per customer (or guest) in the window before payments wait (card testing). */
    CARD_DECLINES_PER_PAYER: z.coerce.number().int().min(1).default(5),
    /** Declined card payments allowed per client address in the window, whoever pays. */
    CARD_DECLINES_PER_IP: z.coerce.number().int().min(1).default(15),
    CARD_DECLINE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** How long after a card payment starts its reconciliation job runs (it finds nothing to do when the reply came). */
    PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(120),
    /**
     * How long a paid order waits before it goes to the print provider; the shopper can cancel it meanwhile
     * (issue 27). Default: 3600, or 120 with the demo marketplace.
     */
    ORDER_CANCEL_SECONDS: z.coerce
      .number()
      .min(0)
      .max(7 * 24 * 3600)
      .optional(),
    /** The print provider: the local print shop (offline; the default) or Printful (needs PRINTFUL_API_TOKEN). */
    FULFILMENT_PROVIDER: z.enum(["local_print_shop", "printful"]).optional(),
    /**
     * How long one business day of the local print shop lasts, in seconds: 86400 by default, 60 with the demo
     * marketplace (a purchase ships and arrives while the visitor watches); tests use a fraction of a second.
     */
    PRINT_SHOP_DAY_SECONDS: z.coerce.number().min(0.001).max(86_400).optional(),
    /** UPS Address Validation (decision 022); the bundled ZIP data verifies unless both are set. */
    UPS_CLIENT_ID: z.string().trim().min(1).optional(),
    UPS_CLIENT_SECRET: z.string().min(1).optional(),
    /** Scheme and host of UPS's APIs: production by default, https://wwwcie.ups.com for UPS's test environment. */
    UPS_BASE_URL: z
      .string()
      .trim()
      .default("https://onlinetools.ups.com")
      .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" }),
    /** Past this, a verification is answered from the ZIP data instead (checkout never waits on the carrier). */
    UPS_TIMEOUT_MS: z.coerce.number().int().min(50).default(2000),
    /** Address validations per identity (guest or customer) in the window (sliding). */
    ADDRESS_VALIDATIONS_PER_IDENTITY: z.coerce.number().int().min(1).default(30),
    /** Address validations per client address in the window, whatever the identity (guests are cheap to make). */
    ADDRESS_VALIDATIONS_PER_IP: z.coerce.number().int().min(1).default(300),
    ADDRESS_VALIDATION_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    /** PayPal REST app credentials (decision 027); unset: the in-app PayPal sandbox answers instead. */
    PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    /** PayPal's sandbox by default, so credentials alone never take real money; live is https://api-m.paypal.com. */
    PAYPAL_API_BASE: z
      .string()
      .trim()
      .default("https://api-m.sandbox.paypal.com")
      .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" }),
    /** The id of our webhook in PayPal's dashboard; notifications cannot be verified (and are refused) without it. */
    PAYPAL_WEBHOOK_ID: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9]{1,50}$/, "must be PayPal's webhook id (letters and digits)")
      .optional(),
    /** The longest one PayPal call may take, token included. */
    /** The PayPal JS SDK the payment step loads; the in-app sandbox's stand-in when PayPal is not configured. */
    PAYPAL_SDK_URL: optionalUrl(["http", "https"]),
    PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    /** Printful API v2 (decision 068): a private token with the orders scope; used when FULFILMENT_PROVIDER picks Printful. */
    PRINTFUL_API_TOKEN: z.string().trim().min(1).optional(),
    PRINTFUL_API_BASE: z
      .string()
      .trim()
      .default("https://api.printful.com")
      .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" }),
    /** The store the orders go to, for an account-level token (a store's own token needs none). */
    PRINTFUL_STORE_ID: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, "must be Printful's numeric store id")
      .optional(),
    /** The secret key of our Printful webhook configuration (shown once when it is made); events are verified with it. */
    PRINTFUL_WEBHOOK_SECRET: z
      .string()
      .trim()
      .min(16, "must be the secret key Printful showed (64 bytes in hex)")
      .optional(),
    /** The longest one Printful call may take. */
    PRINTFUL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  })
  .superRefine((values, context) => {
    if (values.NODE_ENV === "production" && values.SEED_DEMO_DATA === true) {
      context.addIssue({
        code: "custom",
        path: ["SEED_DEMO_DATA"],
        message:
          "a production server does not start with the demo accounts and codes: unset SEED_DEMO_DATA, or try the demo with NODE_ENV=development",
      });
    }
    if (Boolean(values.ANALYTICS_GA4_MEASUREMENT_ID) !== Boolean(values.ANALYTICS_GA4_API_SECRET)) {
      const missing = values.ANALYTICS_GA4_MEASUREMENT_ID ? "ANALYTICS_GA4_API_SECRET" : "ANALYTICS_GA4_MEASUREMENT_ID";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "GA4 forwarding needs both the measurement id and the API secret",
      });
    }
    if (Boolean(values.UPS_CLIENT_ID) !== Boolean(values.UPS_CLIENT_SECRET)) {
      const missing = values.UPS_CLIENT_ID ? "UPS_CLIENT_SECRET" : "UPS_CLIENT_ID";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "UPS address validation needs both the client id and secret",
      });
    }
    if (Boolean(values.PAYPAL_CLIENT_ID) !== Boolean(values.PAYPAL_CLIENT_SECRET)) {
      const missing = values.PAYPAL_CLIENT_ID ? "PAYPAL_CLIENT_SECRET" : "PAYPAL_CLIENT_ID";
      context.addIssue({ code: "custom", path: [missing], message: "PayPal needs both the client id and secret" });
    }
    if (Boolean(values.PRINTFUL_API_TOKEN) !== Boolean(values.PRINTFUL_WEBHOOK_SECRET)) {
      const missing = values.PRINTFUL_API_TOKEN ? "PRINTFUL_WEBHOOK_SECRET" : "PRINTFUL_API_TOKEN";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "Printful needs both the API token and the webhook secret (its events are refused without it)",
      });
    }
    if (values.STRIPE_SECRET_KEY && !values.STRIPE_PUBLISHABLE_KEY) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: "is required when STRIPE_SECRET_KEY is set (Stripe.js collects the card in the browser)",
      });
    }
    if (!values.S3_BUCKET) return;
    for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!values[name])
        context.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set" });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

export type Config = Omit<
  Environment,
  "SEED_DEMO_DATA" | "ORDER_CANCEL_SECONDS" | "PRINT_SHOP_DAY_SECONDS" | "FULFILMENT_PROVIDER"
> & {
  /** Whether start-up seeds the demo marketplace into an empty database (the default decided in loadConfig). */
  SEED_DEMO_DATA: boolean;
  ORDER_CANCEL_SECONDS: number;
  PRINT_SHOP_DAY_SECONDS: number;
  FULFILMENT_PROVIDER: "local_print_shop" | "printful";
  PUBLIC_URL: string;
  SUPPORT_EMAIL: string;
  DATA_DIR: string;
  MAIL_FROM: string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses and completes the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return `${name}=${JSON.stringify(present[name] ?? "")}: ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  const host = new URL(publicUrl).hostname;
  const supportEmail = values.SUPPORT_EMAIL ?? `support@${host}`;
  const demo = values.SEED_DEMO_DATA ?? (values.DATABASE_URL === undefined && values.NODE_ENV !== "production");
  return {
    ...values,
    SEED_DEMO_DATA: demo,
    ORDER_CANCEL_SECONDS: values.ORDER_CANCEL_SECONDS ?? (demo ? 120 : 3600),
    PRINT_SHOP_DAY_SECONDS: values.PRINT_SHOP_DAY_SECONDS ?? (demo ? 60 : 86_400),
    FULFILMENT_PROVIDER: values.FULFILMENT_PROVIDER ?? "local_print_shop",
    PUBLIC_URL: publicUrl,
    SUPPORT_EMAIL: supportEmail,
    DATA_DIR: path.resolve(values.DATA_DIR),
    MAIL_FROM: values.MAIL_FROM ?? `${values.BRAND_NAME} <no-reply@${host}>`,
  };
}
