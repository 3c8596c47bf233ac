import { randomUUID } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import { toSnakeKeys } from "@threadfolk/contract/case";
import { registerPayPalSandbox } from "@threadfolk/paypal-sandbox/paypal-sandbox-server";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { createAddressVerifier } from "./adapters/address/create-address.ts";
import { createAnalytics } from "./adapters/analytics/create-analytics.ts";
import type { CardProcessor } from "./adapters/card/card.ts";
import { createCardProcessor, STRIPE_CSP_ORIGINS } from "./adapters/card/create-card.ts";
import { createCounters } from "./adapters/counters/create-counters.ts";
import { createFulfilment } from "./adapters/fulfilment/create-fulfilment.ts";
import { createMail } from "./adapters/mail/create-mail.ts";
import type { MailTransport } from "./adapters/mail/mail.ts";
import { createPayPal, PAYPAL_CSP_ORIGINS, PAYPAL_SANDBOX_PREFIX } from "./adapters/paypal/create-paypal.ts";
import { createStorage } from "./adapters/storage/create-storage.ts";
import type { MediaStorage } from "./adapters/storage/storage.ts";
import { createTax } from "./adapters/tax/create-tax.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { orderFulfilments } from "./db/schema/index.ts";
import { closeIdleConnectionsOnShutdown } from "./http/close-idle-connections.ts";
import { handleClientError, handleFrameworkError, registerErrorHandler } from "./http/error-handler.ts";
import { registerHttpsRedirect } from "./http/https-redirect.ts";
import { createLoggerOptions } from "./http/logger-options.ts";
import { createAllowedMethodsLookup } from "./http/method-not-allowed.ts";
import { registerOpenApiRoutes } from "./http/openapi-routes.ts";
import { COMPRESS_THRESHOLD_BYTES, JSON_BROTLI_QUALITY } from "./http/precompressed-json.ts";
import { registerRequestLimits } from "./http/request-limits.ts";
import { createAccessLogController } from "./http/request-log.ts";
import { collectRouteTable, type RouteEntry } from "./http/route-table.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerWebApp, resolveWebDistDir } from "./http/web-app.ts";
import { enqueueJob } from "./jobs/enqueue-job.ts";
import { createJobLanes } from "./jobs/job-lanes.ts";
import { shareCatalogueGeneration } from "./lib/catalogue-generation.ts";
import { createHeavyPool } from "./lib/heavy-pool.ts";
import { addressVerificationRoutes } from "./modules/address-verification/routes.ts";
import { createForwardAnalyticsEventsHandler } from "./modules/analytics/forward-analytics-events.ts";
import { analyticsRoutes } from "./modules/analytics/routes.ts";
import { ACCESS_TOKEN_CACHE_ENTRIES, createAccessTokenCache } from "./modules/auth/access-token-cache.ts";
import { registerAuthentication } from "./modules/auth/authenticate.ts";
import { upsertOAuthClient } from "./modules/auth/oauth-clients.ts";
import { oauthRoutes } from "./modules/auth/oauth-routes.ts";
import { tokenRoutes } from "./modules/auth/token-routes.ts";
import { cartRoutes } from "./modules/cart/routes.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { designTagRoutes } from "./modules/design-tags/routes.ts";
import { createPageMetaResolver } from "./modules/discovery/resolve-page-meta.ts";
import { discoveryRoutes } from "./modules/discovery/routes.ts";
import { sitemapRoutes } from "./modules/discovery/sitemap-routes.ts";
import { createRecordOrderEarningsHandler } from "./modules/earnings/record-order-earnings.ts";
import { createReverseOrderEarningsHandler } from "./modules/earnings/reverse-order-earnings.ts";
import { favoritesRoutes } from "./modules/favorites/routes.ts";
import { followRoutes } from "./modules/follows/routes.ts";
import { createSendFulfilmentEmailHandler } from "./modules/fulfilment/fulfilment-emails.ts";
import { createAddPayPalTrackingHandler } from "./modules/fulfilment/paypal-tracking.ts";
import { renderPrintFilesInPool } from "./modules/fulfilment/print-file-renderer.ts";
import { createPrintFileReader, createPrintFileSource } from "./modules/fulfilment/print-file-source.ts";
import { enqueueOrderPrintFiles } from "./modules/fulfilment/print-files.ts";
import { purchasePictureRoutes } from "./modules/fulfilment/purchase-picture-routes.ts";
import { purchasePictureUrl } from "./modules/fulfilment/purchase-pictures.ts";
import { createRenderOrderPrintFilesHandler } from "./modules/fulfilment/render-order-print-files.ts";
import { fulfilmentRoutes } from "./modules/fulfilment/routes.ts";
import {
  createReconcileFulfilmentsHandler,
  createStartOrderFulfilmentHandler,
  createSubmitOrderFulfilmentHandler,
  createSyncOrderFulfilmentHandler,
  type FulfilmentContext,
  RECONCILE_FULFILMENTS_SECONDS,
} from "./modules/fulfilment/submit-order.ts";
import { createPurgeStaleRowsHandler, purgeSchedule } from "./modules/housekeeping/purge-stale-rows.ts";
import { createSendEmailHandler } from "./modules/mail/send-email.ts";
import { garmentLayerRoutes } from "./modules/media/garment-layers-routes.ts";
import { renderInPool } from "./modules/media/render-in-pool.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { myDesignRoutes } from "./modules/my-designs/routes.ts";
import { ADMIN_AREAS } from "./modules/operators/admin-areas.ts";
import { registerAdminArea } from "./modules/operators/admin-plugin.ts";
import { operatorRoutes } from "./modules/operators/routes.ts";
import { createProcessPayPalWebhookHandler } from "./modules/orders/paypal-webhooks.ts";
import { orderReadRoutes } from "./modules/orders/read-routes.ts";
import { createReconcileOrderPaymentHandler } from "./modules/orders/reconcile-payment.ts";
import { createExecuteOrderRefundHandler } from "./modules/orders/refund-order.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import { createSendOrderConfirmationHandler } from "./modules/orders/send-order-confirmation.ts";
import { salesRoutes } from "./modules/sales/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { storefrontCollectionRoutes } from "./modules/storefront-collections/routes.ts";
import { createRenderDesignMockupsHandler } from "./modules/studio/render-design-job.ts";
import { studioRoutes } from "./modules/studio/routes.ts";
import { createProcessUploadHandler } from "./modules/uploads/process-upload.ts";
import { purgeStaleUploads } from "./modules/uploads/purge-stale-uploads.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { createUploadStore } from "./modules/uploads/upload-store.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { healthRoutes } from "./routes/health.ts";
import { pingRoutes } from "./routes/ping.ts";

/** Each domain module registers its routes under /api/v1. Add new modules here. */
const API_MODULES: Array<(app: FastifyInstance, context: AppContext) => Promise<void>> = [
  pingRoutes,
  tokenRoutes,
  userRoutes,
  discoveryRoutes,
  searchRoutes,
  favoritesRoutes,
  followRoutes,
  analyticsRoutes,
  cartRoutes,
  checkoutRoutes,
  addressVerificationRoutes,
  orderRoutes,
  orderReadRoutes,
  fulfilmentRoutes,
  myDesignRoutes,
  storefrontCollectionRoutes,
  salesRoutes,
  studioRoutes,
  designTagRoutes,
  garmentLayerRoutes,
  operatorRoutes,
];

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the configured storage: S3 when S3_BUCKET is set, else local files under DATA_DIR/media. */
  storage?: MediaStorage;
  /** Logs to stdout (LOG_FORMAT) unless false. */
  logger?: boolean;
  /** Receives the JSON log lines instead of stdout (tests read the log from it). */
  logStream?: DestinationStream;
  /** Defaults to SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox. */
  mailTransport?: MailTransport;
  /** Defaults to the configured card processor (Stripe when STRIPE_SECRET_KEY is set, else the local one). */
  cardProcessor?: CardProcessor;
};

/** Builds the HTTP server: API routes, the built web app and media, one error shape for everything. */
export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; context: AppContext; routes: RouteEntry[] }> {
  const { config, database } = options;
  const storage = options.storage ?? createStorage(config);
  // Where tus keeps the bytes of uploads in progress (decision 036).
  const uploadStore = await createUploadStore(config);
  const app = Fastify({
    logger: options.logger === false ? false : createLoggerOptions({ config, stream: options.logStream }),
    logController: createAccessLogController(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The router's and the HTTP parser's own refusals answer in the API's error shape too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });
  const routes = collectRouteTable(app);

  const rateLimiter = createCounters({ config, db: database.db });
  const analytics = createAnalytics(config);
  const mail =
    options.mailTransport ?? createMail(config, (message, filePath) => app.log.info({ path: filePath }, message));
  const cardProcessor = options.cardProcessor ?? createCardProcessor({ config, db: database.db });
  const paypal = createPayPal(config, database.db);
  // CPU-heavy work runs in child processes under a time and memory limit (decisions 056, 064, 075): one pool for
  // the heavy job lane, one for the pictures drawn on request, one for the print lanes, so none waits behind another.
  const limits = {
    timeLimitMs: config.HEAVY_JOB_TIME_LIMIT_SECONDS * 1000,
    memoryLimitMb: config.HEAVY_JOB_MEMORY_LIMIT_MB,
  };
  const heavy = createHeavyPool({ size: 1, ...limits });
  const renders = createHeavyPool({ size: config.HEAVY_RENDER_PROCESSES, ...limits });
  const prints = createHeavyPool({ size: config.PRINT_FILE_LANES, ...limits });
  // The print providers (issue 27, decision 069) and what their jobs share.
  const fulfilment = createFulfilment({
    config,
    db: database.db,
    readFile: createPrintFileReader({ db: database.db, config, storage }),
  });
  const fulfilmentContext: FulfilmentContext = {
    db: database.db,
    config,
    provider: fulfilment.provider,
    providers: fulfilment.providers,
    printFiles: createPrintFileSource({ db: database.db, config }),
    onStarted: async (tx, orderId) => {
      await enqueueOrderPrintFiles(tx, orderId);
    },
    // The lanes exist once the handlers do; each step's next job is looked at at once, not at the next poll.
    nudge: () => jobs.nudge(),
  };
  // Every kind of background work and who does it, in lanes: light, heavy and print (jobs/job-lanes.ts).
  const jobs = createJobLanes({
    db: database.db,
    printLanes: config.PRINT_FILE_LANES,
    log: app.log,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    handlers: {
      send_email: createSendEmailHandler({ config, mail }),
      forward_analytics_events: analytics
        ? createForwardAnalyticsEventsHandler({ db: database.db, config, analytics })
        : undefined,
      purge_stale_rows: createPurgeStaleRowsHandler({
        db: database.db,
        config,
        log: app.log,
        purgeUploads: () => purgeStaleUploads({ db: database.db, uploadStore }),
      }),
      reconcile_order_payment: createReconcileOrderPaymentHandler({ db: database.db, cardProcessor, config, paypal }),
      send_order_confirmation: createSendOrderConfirmationHandler({ db: database.db, config }),
      record_order_earnings: createRecordOrderEarningsHandler({ db: database.db }),
      process_paypal_webhook: createProcessPayPalWebhookHandler({ db: database.db, gateway: paypal.gateway, config }),
      reverse_order_earnings: createReverseOrderEarningsHandler({ db: database.db }),
      execute_order_refund: createExecuteOrderRefundHandler({ db: database.db, cardProcessor, paypal }),
      render_design_mockups: createRenderDesignMockupsHandler({
        db: database.db,
        storage,
        renderer: renderInPool(heavy),
        config,
      }),
      process_upload: createProcessUploadHandler({ db: database.db, storage, uploadStore, heavy }),
      render_order_print_files: createRenderOrderPrintFilesHandler({
        db: database.db,
        storage,
        renderer: renderPrintFilesInPool(prints),
        pictures: renderInPool(prints),
        config,
        // Submitted as soon as the files are in, when the cancellation window has closed by then.
        onPrintFilesReady: async (orderId) => {
          const [row] = await database.db
            .select({ submitAfter: orderFulfilments.submitAfter })
            .from(orderFulfilments)
            .where(eq(orderFulfilments.orderId, orderId));
          if (!row) return;
          const runAt = row.submitAfter.getTime() > Date.now() ? row.submitAfter : new Date();
          await enqueueJob(
            database.db,
            "submit_order_fulfilment",
            { orderId },
            { runAt, dedupeKey: `${orderId}:files` },
          );
          jobs.nudge();
        },
      }),
      start_order_fulfilment: createStartOrderFulfilmentHandler(fulfilmentContext),
      submit_order_fulfilment: createSubmitOrderFulfilmentHandler(fulfilmentContext),
      sync_order_fulfilment: createSyncOrderFulfilmentHandler(fulfilmentContext),
      reconcile_fulfilments: createReconcileFulfilmentsHandler(fulfilmentContext),
      advance_print_shop_order: {
        retry: { maxAttempts: 10, baseDelaySeconds: 5, maxDelaySeconds: 300, leaseSeconds: 60 },
        run: async ({ printShopOrderId }) => {
          const advanced = await fulfilment.printShop.advance(printShopOrderId);
          jobs.nudge();
          return { status: advanced?.status ?? null, next: advanced?.nextStepAt?.toISOString() ?? null };
        },
      },
      send_fulfilment_email: createSendFulfilmentEmailHandler({
        db: database.db,
        config,
        pictureUrlOf: (line) => purchasePictureUrl(config, line.uuid),
      }),
      add_paypal_tracking: createAddPayPalTrackingHandler({ db: database.db, gateway: paypal.gateway }),
    },
    schedules: [purgeSchedule, { kind: "reconcile_fulfilments", everySeconds: RECONCILE_FULFILMENTS_SECONDS }],
  });
  const tax = createTax(config, {
    onFallback: (error) => app.log.warn({ err: error }, "tax service failed: the estimate came from the local table"),
  });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    storage,
    rateLimiter,
    mail,
    analytics,
    jobs,
    tax,
    cardProcessor,
    paypal,
    fulfilment,
    heavyWork: { jobs: heavy, renders, prints },
    mediaRenderer: renderInPool(renders),
    addressVerifier: createAddressVerifier(config, (error) =>
      app.log.warn({ err: error }, "UPS address validation failed; answered from the ZIP data"),
    ),
    accessTokenCache: createAccessTokenCache({
      ttlMs: config.ACCESS_TOKEN_CACHE_SECONDS * 1000,
      maxEntries: ACCESS_TOKEN_CACHE_ENTRIES,
    }),
  };
  // Other instances' catalogue changes reach this one's caches and search index within a round trip (decision 058).
  if (database.url) {
    const catalogueChanges = shareCatalogueGeneration({
      url: database.url,
      db: database.db,
      onError: (error) => app.log.warn({ err: error }, "could not announce a catalogue change to the other instances"),
    });
    app.addHook("onClose", async () => catalogueChanges.close());
  }
  app.addHook("onClose", async () => {
    await jobs.stop();
    await Promise.all([heavy.close(), renders.close(), prints.close()]);
    mail.close();
    await rateLimiter.close();
  });

  // The public web client's credentials are configuration; every instance (re)registers them on start.
  await upsertOAuthClient({
    db: database.db,
    clientId: config.OAUTH_CLIENT_ID,
    clientSecret: config.OAUTH_CLIENT_SECRET,
    name: `${config.BRAND_NAME} web`,
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  registerHttpsRedirect(app, { publicUrl: config.PUBLIC_URL, trustProxy: config.TRUST_PROXY });
  closeIdleConnectionsOnShutdown(app);

  // Presenters build camelCase objects; the wire is snake_case. Converted here, in one place.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    return request.url.startsWith("/api/") || request.url.startsWith("/oauth/") ? toSnakeKeys(payload) : payload;
  });

  // JSON and HTML replies are compressed (design detail is mostly long signed URLs); static assets are
  // pre-compressed at build time and media are already compressed images. Brotli at a low quality: cheap on CPU.
  // Cached pages (home, design detail) keep their brotli form and set Content-Encoding themselves, which this
  // plugin leaves alone (http/precompressed-json.ts, decision 049).
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    customTypes: /^(application\/(json|xml)|text\/(html|plain|xml))/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY } },
  });

  registerErrorHandler(app);
  registerRequestLimits(app);
  // Real PayPal's buttons come from PayPal's origins and open PayPal's window; the sandbox is our own origin.
  const paypalOrigins = paypal.sandbox ? [] : PAYPAL_CSP_ORIGINS;
  // Stripe.js's origins only when Stripe takes the cards (decision 061); the local test processor needs none.
  const stripe = cardProcessor.name === "stripe" ? STRIPE_CSP_ORIGINS : { script: [], frame: [], connect: [] };
  registerSecurityHeaders(app, {
    isHttps: config.PUBLIC_URL.startsWith("https://"),
    scriptOrigins: [...paypalOrigins, ...stripe.script],
    connectOrigins: [...paypalOrigins, ...stripe.connect],
    frameOrigins: [...paypalOrigins, ...stripe.frame],
    imageOrigins: paypalOrigins,
    allowPopups: !paypal.sandbox,
  });

  // Cookies are read and set only by the operators' session (issue 28); the shop's API uses bearer tokens.
  await app.register(fastifyCookie);
  registerAuthentication(app, context);

  await app.register(async (instance) => healthRoutes(instance, context));
  await app.register(async (instance) => oauthRoutes(instance, context));
  await app.register(async (instance) => mediaRoutes(instance, context));
  await app.register(async (instance) => purchasePictureRoutes(instance, context));
  await app.register(async (instance) => sitemapRoutes(instance, context));
  await app.register(async (instance) => registerOpenApiRoutes(instance, config));
  // The in-app PayPal sandbox (decision 027) when no PayPal credentials are set: its Orders v2 API, the
  // approval page and the JS SDK stand-in, all under /paypal-sandbox on our own origin.
  if (paypal.sandbox) {
    await registerPayPalSandbox(app, {
      sandbox: paypal.sandbox,
      prefix: PAYPAL_SANDBOX_PREFIX,
      publicBaseUrl: config.PUBLIC_URL,
    });
  }
  for (const registerModule of API_MODULES) {
    await app.register(async (instance) => registerModule(instance, context), { prefix: "/api/v1" });
  }
  await app.register(async (instance) => uploadRoutes(instance, context, uploadStore), { prefix: "/api/v1" });
  // The operators' console: every area behind the operator session (modules/operators/admin-areas.ts).
  await registerAdminArea(app, context, ADMIN_AREAS);

  await registerWebApp(app, {
    config,
    distDir: resolveWebDistDir(config),
    resolvePageMeta: createPageMetaResolver(context),
    allowedMethodsOf: createAllowedMethodsLookup(routes),
  });

  return { app, context, routes };
}
