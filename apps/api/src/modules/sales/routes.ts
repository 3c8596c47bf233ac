import { STUDIO_API, salesQuerySchema } from "@threadfolk/contract/studio";
import { salesCsvQuerySchema, salesSummaryQuerySchema } from "@threadfolk/contract/studio-sales";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { authorize } from "../../lib/authorize.ts";
import { findSalesForExport, getSalesSummary, listSales } from "./get-sales.ts";
import { salesPolicies } from "./policies.ts";
import { renderSalesCsv, salesCsvFileName } from "./sales-csv.ts";

const API_PREFIX = "/api/v1";
const route = (path: string) => path.slice(API_PREFIX.length);

/**
 * Sales under /api/v1 (issue 14, decision 038): the artist's sold lines from the earnings ledger, the totals
 * and chart series, and the CSV export. Only the caller's own sales (salesPolicies; the queries select by
 * the artist's seller profile).
 */
export async function salesRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get(route(STUDIO_API.sales), async (request) => {
    const actor = authorize(request.actor, salesPolicies.listSales);
    const { period, designUuid, page } = parseInput(salesQuerySchema, request.query, "query");
    return listSales({ db, artistId: actor.artistId, period, designId: designUuid?.toLowerCase(), page });
  });

  app.get(route(STUDIO_API.salesSummary), async (request) => {
    const actor = authorize(request.actor, salesPolicies.readSummary);
    const { designUuid } = parseInput(salesSummaryQuerySchema, request.query, "query");
    return getSalesSummary({ db, artistId: actor.artistId, designId: designUuid?.toLowerCase() });
  });

  app.get(route(STUDIO_API.salesCsv), async (request, reply) => {
    const actor = authorize(request.actor, salesPolicies.exportSales);
    const { period, designUuid } = parseInput(salesCsvQuerySchema, request.query, "query");
    const rows = await findSalesForExport({
      db,
      artistId: actor.artistId,
      period,
      designId: designUuid?.toLowerCase(),
    });
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${salesCsvFileName(new Date())}"`)
      .send(renderSalesCsv(rows));
  });
}
