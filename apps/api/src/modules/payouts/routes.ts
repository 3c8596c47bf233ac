import { API, routerPattern } from "@threadfolk/contract/api-paths";
import { emptyQuerySchema } from "@threadfolk/contract/api-requests";
import {
  confirmPayPalEmailBodySchema,
  PAYOUTS_PAGE_SIZE,
  payoutPathSchema,
  payoutSettingsBodySchema,
  payoutsQuerySchema,
  payPalEmailBodySchema,
} from "@threadfolk/contract/studio-payouts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { type ArtistActor, authorize } from "../../lib/authorize.ts";
import { presentPageMeta } from "../discovery/presenters.ts";
import { findArtistPayout, findPayoutLines, getPayoutSummary, listArtistPayouts } from "./artist-payouts.ts";
import { findArtistContact } from "./payout-emails.ts";
import {
  confirmPayPalEmail,
  getPayoutSettings,
  requestPayPalEmailChange,
  updateMinimumPayout,
} from "./payout-settings.ts";
import {
  type PayoutStatement,
  payoutStatementFileName,
  renderPayoutStatementCsv,
  renderPayoutStatementPdf,
} from "./payout-statements.ts";
import { payoutPolicies } from "./policies.ts";
import { presentPayout, presentPayoutLine, presentPayoutSettings, presentPayoutSummary } from "./presenters.ts";

const API_PREFIX = "/api/v1";
/** A contract path under /api/v1, in Fastify's `:param` form. */
const route = (path: string) => routerPattern(path).slice(API_PREFIX.length);

/**
 * Payouts in the studio under /api/v1 (issue 29, decision 073): balances and the next payout, the payout history
 * with the sales in each payout and its statements, and the payout settings. An artist sees only their own.
 */
export async function payoutRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, config } = context;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  /** The caller's payout named in the path, after the identity and ownership checks. */
  async function loadOwnPayout(request: FastifyRequest) {
    const actor = authorize(request.actor, payoutPolicies.listPayouts);
    const { payoutId } = parseInput(payoutPathSchema, request.params, "params");
    parseInput(emptyQuerySchema, request.query, "query");
    const payout = await findArtistPayout({ db, payoutId });
    authorize(actor, payoutPolicies.readPayout, payout);
    return { actor, payout };
  }

  async function loadStatement(actor: ArtistActor, payout: NonNullable<Awaited<ReturnType<typeof findArtistPayout>>>) {
    const contact = await findArtistContact(db, actor.artistId);
    const statement: PayoutStatement = {
      brandName: config.BRAND_NAME,
      artistName: contact?.greeting ?? "",
      payout,
      lines: await findPayoutLines({ db, payoutId: payout.id }),
    };
    return statement;
  }

  app.get(route(API.payoutSummary.path), async (request) => {
    const actor = authorize(request.actor, payoutPolicies.readSummary);
    parseInput(emptyQuerySchema, request.query, "query");
    const figures = await getPayoutSummary({ db, config, sellerProfileId: actor.artistId });
    return { data: presentPayoutSummary(figures) };
  });

  app.get(route(API.payouts.path), async (request) => {
    const actor = authorize(request.actor, payoutPolicies.listPayouts);
    const { page } = parseInput(payoutsQuerySchema, request.query, "query");
    const { rows, totalCount } = await listArtistPayouts({ db, sellerProfileId: actor.artistId, page });
    return {
      data: rows.map(presentPayout),
      meta: presentPageMeta({ totalCount, page, perPage: PAYOUTS_PAGE_SIZE }),
    };
  });

  app.get(route(API.payout.path), async (request) => {
    const { payout } = await loadOwnPayout(request);
    const lines = await findPayoutLines({ db, payoutId: payout.id });
    return { data: { ...presentPayout(payout), lines: lines.map(presentPayoutLine) } };
  });

  app.get(route(API.payoutStatementCsv.path), async (request, reply) => {
    const { actor, payout } = await loadOwnPayout(request);
    const statement = await loadStatement(actor, payout);
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${payoutStatementFileName(payout, "csv")}"`)
      .send(renderPayoutStatementCsv(statement));
  });

  app.get(route(API.payoutStatementPdf.path), async (request, reply) => {
    const { actor, payout } = await loadOwnPayout(request);
    const statement = await loadStatement(actor, payout);
    return reply
      .type("application/pdf")
      .header("Content-Disposition", `attachment; filename="${payoutStatementFileName(payout, "pdf")}"`)
      .send(await renderPayoutStatementPdf(statement));
  });

  app.get(route(API.payoutSettings.path), async (request) => {
    const actor = authorize(request.actor, payoutPolicies.readSettings);
    parseInput(emptyQuerySchema, request.query, "query");
    return { data: presentPayoutSettings(await getPayoutSettings({ db, sellerProfileId: actor.artistId })) };
  });

  app.patch(route(API.updatePayoutSettings.path), async (request) => {
    const actor = authorize(request.actor, payoutPolicies.updateSettings);
    const { payoutSettings } = parseInput(payoutSettingsBodySchema, request.body);
    const row = await updateMinimumPayout({
      db,
      sellerProfileId: actor.artistId,
      minimumPayoutCents: payoutSettings.minimumPayoutCents,
    });
    return { data: presentPayoutSettings(row) };
  });

  app.put(route(API.changePayPalEmail.path), async (request, reply) => {
    const actor = authorize(request.actor, payoutPolicies.changePayPalEmail);
    const { payoutSettings } = parseInput(payPalEmailBodySchema, request.body);
    const row = await requestPayPalEmailChange({
      db,
      config,
      userId: actor.userId,
      sellerProfileId: actor.artistId,
      paypalEmail: payoutSettings.paypalEmail,
      currentPassword: payoutSettings.currentPassword,
    });
    context.jobs.nudge();
    return reply.status(202).send({ data: presentPayoutSettings(row) });
  });

  app.post(route(API.confirmPayPalEmail.path), async (request) => {
    const { token } = parseInput(confirmPayPalEmailBodySchema, request.body);
    return { data: presentPayoutSettings(await confirmPayPalEmail({ db, token })) };
  });
}
