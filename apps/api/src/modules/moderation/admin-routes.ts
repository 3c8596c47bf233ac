import {
  adminDesignPathSchema,
  adminPersonPathSchema,
  dismissReportsBodySchema,
  peopleQuerySchema,
  reasonBodySchema,
  reportQueueQuerySchema,
  takeDownBodySchema,
} from "@threadfolk/contract/moderation";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { sellerProfiles } from "../../db/schema/index.ts";
import { parseInput } from "../../http/validate.ts";
import { AppError } from "../../lib/app-error.ts";
import { requireOperator } from "../operators/admin-plugin.ts";
import { recordOperatorAction } from "../operators/audit-log.ts";
import type { ModerationActor } from "./audit.ts";
import { dismissReports } from "./dismiss-reports.ts";
import { listReportQueue, QUEUE_PAGE_SIZE } from "./list-report-queue.ts";
import { findPeople, getPerson, PEOPLE_PAGE_SIZE } from "./people.ts";
import { restoreDesign } from "./restore-design.ts";
import { restoreAccount, restoreStorefront, suspendAccount, suspendStorefront } from "./suspend-people.ts";
import { takeDownDesign } from "./take-down-design.ts";

/** The signed-in operator as moderation's actor: every change is written to the audit log in its transaction. */
function moderationActorOf(request: FastifyRequest): ModerationActor {
  const { operatorId } = requireOperator(request);
  return { operatorId, record: (tx, entry) => recordOperatorAction(tx, { operatorId, ...entry }) };
}

function pageMeta(page: number, perPage: number, totalCount: number) {
  return { page, perPage, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / perPage)) };
}

/** Moderation under /api/v1/admin (issue 28): the reports queue, take down, restore, dismiss. */
export function moderationAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const { db } = context;

  admin.get("/moderation/reports", async (request) => {
    const { page = 1 } = parseInput(reportQueueQuerySchema, request.query, "query");
    requireOperator(request);
    const { entries, totalCount } = await listReportQueue({ db, page });
    return { data: entries, meta: pageMeta(page, QUEUE_PAGE_SIZE, totalCount) };
  });

  admin.post("/moderation/designs/:id/takedown", async (request) => {
    const { id } = parseInput(adminDesignPathSchema, request.params, "params");
    const { kind, reason } = parseInput(takeDownBodySchema, request.body);
    const actor = moderationActorOf(request);
    return { data: await takeDownDesign({ context, actor, designId: id.toLowerCase(), kind, reason }) };
  });

  admin.post("/moderation/designs/:id/restoration", async (request) => {
    const { id } = parseInput(adminDesignPathSchema, request.params, "params");
    const { reason } = parseInput(reasonBodySchema, request.body);
    const actor = moderationActorOf(request);
    return { data: await restoreDesign({ context, actor, designId: id.toLowerCase(), reason }) };
  });

  admin.post("/moderation/designs/:id/dismissal", async (request) => {
    const { id } = parseInput(adminDesignPathSchema, request.params, "params");
    const { reason, reportId } = parseInput(dismissReportsBodySchema, request.body);
    const actor = moderationActorOf(request);
    return {
      data: await dismissReports({
        context,
        actor,
        designId: id.toLowerCase(),
        ...(reportId ? { reportId: reportId.toLowerCase() } : {}),
        ...(reason ? { reason } : {}),
      }),
    };
  });
}

/** The storefront a person owns, or a 404 (suspending a storefront of someone who has none). */
async function storefrontOf(context: AppContext, userId: string): Promise<string> {
  const [row] = await context.db
    .select({ id: sellerProfiles.id })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.userId, userId));
  if (!row) throw AppError.notFound("Storefront");
  return row.id;
}

/** People under /api/v1/admin (issue 28): find customers and artists, a person's page, suspend and restore. */
export function peopleAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const { db } = context;

  admin.get("/people", async (request) => {
    const { query = "", page = 1 } = parseInput(peopleQuerySchema, request.query, "query");
    requireOperator(request);
    const { people, totalCount } = await findPeople({ db, query, page });
    return { data: people, meta: pageMeta(page, PEOPLE_PAGE_SIZE, totalCount) };
  });

  admin.get("/people/:id", async (request) => {
    const { id } = parseInput(adminPersonPathSchema, request.params, "params");
    requireOperator(request);
    return { data: await getPerson({ db, userId: id.toLowerCase() }) };
  });

  const personAction = (
    path: string,
    act: (options: { context: AppContext; actor: ModerationActor; userId: string; reason: string }) => Promise<void>,
  ) =>
    admin.post(`/people/:id/${path}`, async (request) => {
      const { id } = parseInput(adminPersonPathSchema, request.params, "params");
      const { reason } = parseInput(reasonBodySchema, request.body);
      const actor = moderationActorOf(request);
      const userId = id.toLowerCase();
      await act({ context, actor, userId, reason });
      return { data: await getPerson({ db, userId }) };
    });

  personAction("account_suspension", (options) => suspendAccount(options));
  personAction("account_restoration", (options) => restoreAccount(options));
  personAction("storefront_suspension", async ({ userId, ...options }) =>
    suspendStorefront({ ...options, sellerProfileId: await storefrontOf(context, userId) }),
  );
  personAction("storefront_restoration", async ({ userId, ...options }) =>
    restoreStorefront({ ...options, sellerProfileId: await storefrontOf(context, userId) }),
  );
}
