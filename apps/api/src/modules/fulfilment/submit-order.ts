import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import { sql } from "drizzle-orm";
import {
  FulfilmentError,
  type FulfilmentItem,
  type FulfilmentOrderRequest,
  type FulfilmentProvider,
} from "../../adapters/fulfilment/fulfilment.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { JobHandler } from "../../jobs/job-worker.ts";
import { nameGarmentStyle } from "../cart/presenters.ts";
import { applyProviderOrder, holdOrder } from "./apply-provider-order.ts";

/**
 * Sending a paid order to the print provider, exactly once (issue 27, deliverable 3; decision 069).
 *
 * The decision to send is committed first, under the order's lock: the fulfilment becomes `submitting` (the
 * shopper can no longer cancel; a cancellation holds the same lock). Then the provider is asked with our order
 * number as its external id, and its answer is applied. A crash between the provider's reply and our commit
 * leaves `submitting`: the next attempt (this job's retry, or the reconciliation) asks again with the same
 * external id, and the provider answers the order it already has, never a second one. Provider errors and
 * timeouts are retried with backoff; a refusal, or the last failed attempt, puts the order on hold with the
 * reason, for the operators.
 */

/** The print files of an order as the provider receives them, or why there are none yet. */
export type PrintFileSet =
  | {
      status: "ready";
      /** By line uuid. */
      files: Map<string, FulfilmentItem["printFile"]>;
      packingSlipUrl: string;
    }
  | { status: "pending" }
  | { status: "failed"; reason: string };

/** Where the submission finds an order's print files (modules/fulfilment/print-files.ts renders them). */
export type PrintFileSource = (orderId: string) => Promise<PrintFileSet>;

export type FulfilmentContext = {
  db: Database;
  config: Config;
  /** The provider new orders go to (FULFILMENT_PROVIDER). */
  provider: FulfilmentProvider;
  /** Every provider an order may have gone to, by name: an order stays with the one that has it. */
  providers: Partial<Record<FulfilmentProvider["name"], FulfilmentProvider>>;
  printFiles: PrintFileSource;
  /** Asks the job lanes to look at the queue now (after a commit that queued the next step). */
  nudge?: () => void;
  /** Called after the commit of a paid order's fulfilment record (the print files' job is queued there). */
  onStarted?: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0], orderId: string) => Promise<void>;
};

async function rows<Row>(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export const SUBMIT_RETRY = { maxAttempts: 8, baseDelaySeconds: 15, maxDelaySeconds: 1800, leaseSeconds: 120 };

/** The `start_order_fulfilment` job: the fulfilment record of a paid order and its submission when the window closes. */
export function createStartOrderFulfilmentHandler(context: FulfilmentContext): JobHandler<"start_order_fulfilment"> {
  return {
    retry: { maxAttempts: 10, baseDelaySeconds: 10, maxDelaySeconds: 600, leaseSeconds: 60 },
    async run({ orderId }) {
      const result = await context.db.transaction(async (tx) => {
        const [order] = await rows<{ state: string; submit_after: Date | string | null }>(
          tx,
          sql`select state, paid_at + make_interval(secs => ${context.config.ORDER_CANCEL_SECONDS}) as submit_after
            from orders where id = ${orderId} and paid_at is not null`,
        );
        if (!order?.submit_after) return { skipped: "not paid" };
        const submitAfter = new Date(order.submit_after);
        await tx.execute(sql`insert into order_fulfilments (order_id, status, submit_after)
          values (${orderId}, ${order.state === "cancelled" ? "cancelled" : "waiting"}, ${submitAfter.toISOString()})
          on conflict (order_id) do nothing`);
        await enqueueJob(
          tx,
          "submit_order_fulfilment",
          { orderId },
          { runAt: submitAfter, dedupeKey: `${orderId}:start` },
        );
        await context.onStarted?.(tx, orderId);
        return { submitAfter: submitAfter.toISOString() };
      });
      context.nudge?.();
      return result;
    },
  };
}

/**
 * The id the provider knows submission `submission` of an order by: its order number, then `{number}-{n}` for
 * an order sent again after the provider failed or cancelled it (issue 28; a provider keeps one order per id).
 */
export function fulfilmentExternalId(orderNumber: string, submission: number): string {
  return submission > 1 ? `${orderNumber}-${submission}` : orderNumber;
}

/** The order number and submission an external id names (inverse of fulfilmentExternalId). */
export function parseFulfilmentExternalId(externalId: string): { orderNumber: string; submission: number } {
  const match = /^(.*)-([0-9]{1,4})$/.exec(externalId);
  // An order number's own characters never end in `-digits` (TF- and 8 letters and digits, no dash).
  return match?.[1]?.includes("-")
    ? { orderNumber: match[1], submission: Number(match[2]) }
    : { orderNumber: externalId, submission: 1 };
}

type OrderToSubmit = {
  state: string;
  order_number: string;
  submission: number;
  email: string | null;
  selected_shipping_service_key: ShippingServiceKey | null;
  paid_at: Date | string | null;
  fulfilment_status: string | null;
  submit_after: Date | string | null;
  due: boolean;
};

type LineToSubmit = {
  uuid: string;
  quantity: number;
  size: string;
  color: string;
  unit_price_cents: number | null;
  unit_sale_price_cents: number | null;
  design_name: string;
  style_key: string;
  style_name: string;
  style_fit: "Men" | "Women" | "Unisex";
};

type AddressRow = {
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
};

/** Builds what the provider is sent: recipient, lines with their print files, the slip, the shipping speed. */
async function buildRequest(
  db: Pick<Database, "execute">,
  orderId: string,
  order: OrderToSubmit,
  files: Extract<PrintFileSet, { status: "ready" }>,
): Promise<FulfilmentOrderRequest> {
  const lines = await rows<LineToSubmit>(
    db,
    sql`select l.uuid::text as uuid, l.quantity, l.size, l.color, l.unit_price_cents, l.unit_sale_price_cents,
        d.display_name as design_name, g.key as style_key, g.display_name as style_name, g.fit as style_fit
      from order_line_items l
      join seller_design_product_variants v on v.id = l.seller_design_product_variant_id
      join designs d on d.id = v.design_id
      join garment_styles g on g.id = v.garment_style_id
      where l.order_id = ${orderId} order by l.id`,
  );
  const [address] = await rows<AddressRow>(
    db,
    sql`select first_name, last_name, address1, address2, city, state, zip from order_addresses
      where order_id = ${orderId} and kind = 'shipping'`,
  );
  if (!address) throw new Error(`order ${order.order_number} has no shipping address`);
  const items: FulfilmentItem[] = lines.map((line) => {
    const printFile = files.files.get(line.uuid);
    if (!printFile) throw new Error(`order ${order.order_number}: no print file for line ${line.uuid}`);
    return {
      externalId: line.uuid,
      quantity: Number(line.quantity),
      name: `${line.design_name}: ${nameGarmentStyle({ displayName: line.style_name, fit: line.style_fit })}`,
      styleKey: line.style_key,
      color: line.color,
      size: line.size,
      placement: "front",
      printFile,
      retailPriceCents: Number(line.unit_sale_price_cents ?? line.unit_price_cents ?? 0),
    };
  });
  return {
    externalId: fulfilmentExternalId(order.order_number, Number(order.submission)),
    shippingService: order.selected_shipping_service_key ?? "standard",
    recipient: {
      name: `${address.first_name} ${address.last_name}`,
      address1: address.address1,
      address2: address.address2 && address.address2.trim() !== "" ? address.address2 : null,
      city: address.city,
      stateCode: address.state,
      countryCode: "US",
      zip: address.zip,
      phone: null,
      email: order.email ?? "",
    },
    items,
    packingSlipUrl: files.packingSlipUrl,
  };
}

type Decision =
  | { kind: "skip"; why: string }
  | { kind: "later"; why: string }
  | { kind: "submit"; request: FulfilmentOrderRequest };

/**
 * Submits one order (the `submit_order_fulfilment` job). Answers what happened; throws to be retried (the provider
 * unreachable).
 */
export async function submitOrderFulfilment(options: {
  context: FulfilmentContext;
  orderId: string;
  /** This attempt and the last one allowed: the last failure holds the order instead of throwing. */
  attempt: number;
  maxAttempts: number;
}): Promise<Record<string, unknown>> {
  const { context, orderId, attempt, maxAttempts } = options;
  const { db, config, provider } = context;
  // Read before the transaction: the embedded database has one connection, so a read outside the transaction
  // while it is open would wait for it forever.
  const files = await context.printFiles(orderId);
  const decision: Decision = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [order] = await rows<OrderToSubmit>(
      tx,
      sql`select o.state, o.order_number, o.email, o.selected_shipping_service_key, o.paid_at,
          f.status as fulfilment_status, f.submission, f.submit_after, coalesce(f.submit_after <= now(), false) as due
        from orders o left join order_fulfilments f on f.order_id = o.id where o.id = ${orderId}`,
    );
    if (!order?.paid_at) return { kind: "skip", why: "not paid" };
    if (!order.fulfilment_status) {
      // The start job has not run (or its row was lost): the window counts from the payment all the same.
      await tx.execute(sql`insert into order_fulfilments (order_id, status, submit_after)
        select id, 'waiting', paid_at + make_interval(secs => ${config.ORDER_CANCEL_SECONDS}) from orders
        where id = ${orderId} on conflict (order_id) do nothing`);
      throw new Error("fulfilment record made now: submitted at its next attempt");
    }
    if (order.state === "cancelled") {
      await tx.execute(sql`update order_fulfilments set status = 'cancelled', updated_at = now()
        where order_id = ${orderId} and status = 'waiting'`);
      return { kind: "skip", why: "cancelled" };
    }
    if (!["waiting", "submitting"].includes(order.fulfilment_status)) {
      return { kind: "skip", why: `already ${order.fulfilment_status}` };
    }
    if (order.state !== "paid") return { kind: "skip", why: `order is ${order.state}` };
    if (!order.due) return { kind: "later", why: "the cancellation window is open" };
    if (files.status === "pending") return { kind: "later", why: "print files are being made" };
    if (files.status === "failed") {
      await holdOrder(tx, orderId, `Print files could not be made: ${files.reason}`);
      return { kind: "skip", why: "print files failed" };
    }
    const request = await buildRequest(tx, orderId, order, files);
    await tx.execute(sql`update order_fulfilments set status = 'submitting', provider = ${provider.name},
        updated_at = now() where order_id = ${orderId}`);
    return { kind: "submit", request };
  });
  if (decision.kind === "skip") return { skipped: decision.why };
  // Not due yet, or its files are being made: the submission queued for the window's end, the print files' job
  // (onPrintFilesReady) and the reconciliation each come back for it; no retry piles up meanwhile.
  if (decision.kind === "later") return { waiting: decision.why };

  try {
    const providerOrder = await provider.submitOrder(decision.request);
    const applied = await applyProviderOrder({ db, orderId, provider: provider.name, providerOrder });
    context.nudge?.();
    return { providerOrderId: providerOrder.providerOrderId, status: providerOrder.status, state: applied.state };
  } catch (error) {
    const retryable = !(error instanceof FulfilmentError) || error.retryable;
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(sql`update order_fulfilments set attempts = attempts + 1, reason = ${message.slice(0, 500)},
        updated_at = now() where order_id = ${orderId}`);
    if (retryable && attempt < maxAttempts) throw error;
    const reason = retryable
      ? `The print provider could not be reached after ${attempt} attempts: ${message}`
      : `The print provider refused the order: ${message}`;
    await db.transaction((tx) => holdOrder(tx, orderId, reason.slice(0, 1000)));
    return { onHold: reason };
  }
}

/** The `submit_order_fulfilment` job. */
export function createSubmitOrderFulfilmentHandler(context: FulfilmentContext): JobHandler<"submit_order_fulfilment"> {
  return {
    retry: SUBMIT_RETRY,
    run: ({ orderId }, job) =>
      submitOrderFulfilment({ context, orderId, attempt: job.attempts, maxAttempts: SUBMIT_RETRY.maxAttempts }),
  };
}

/**
 * Reads an order back from the provider that has it and applies the answer (the `sync_order_fulfilment` job:
 * a verified webhook, a print shop step, the reconciliation's poll).
 */
export async function syncOrderFulfilment(options: { context: FulfilmentContext; externalId: string }) {
  const { context, externalId } = options;
  const named = parseFulfilmentExternalId(externalId);
  const [order] = await rows<{
    id: string;
    provider: FulfilmentProvider["name"] | null;
    status: string | null;
    submission: number;
  }>(
    context.db,
    sql`select o.id, f.provider, f.status, f.submission from orders o join order_fulfilments f on f.order_id = o.id
      where o.order_number = ${named.orderNumber}`,
  );
  if (!order?.provider) return { skipped: "not submitted" };
  // News of a submission an operator has since replaced (the provider failed or cancelled it) changes nothing.
  if (Number(order.submission) !== named.submission) return { skipped: "a replaced submission" };
  const provider = context.providers[order.provider];
  if (!provider) throw new Error(`provider ${order.provider} is not configured here`);
  const providerOrder = await provider.findOrder(externalId);
  if (!providerOrder) return { skipped: "the provider has no such order" };
  const applied = await applyProviderOrder({
    db: context.db,
    orderId: order.id,
    provider: provider.name,
    providerOrder,
  });
  return { status: providerOrder.status, state: applied.state, newShipments: applied.newShipments };
}

export function createSyncOrderFulfilmentHandler(context: FulfilmentContext): JobHandler<"sync_order_fulfilment"> {
  return {
    retry: { maxAttempts: 12, baseDelaySeconds: 10, maxDelaySeconds: 3600, leaseSeconds: 120 },
    run: ({ externalId }) => syncOrderFulfilment({ context, externalId }),
  };
}

/** How often the reconciliation runs, and what it looks for. */
export const RECONCILE_FULFILMENTS_SECONDS = 60;
/** A submission still `submitting` this long after its last change was cut short (a crash, a lost reply). */
const STUCK_SUBMISSION_SECONDS = 120;
/** Orders with the provider not heard of for this long are read back (a lost webhook). */
const POLL_AFTER_SECONDS = 6 * 3600;

/**
 * The `reconcile_fulfilments` job (every minute, one process): submits what is due and has no submission
 * queued, resumes submissions cut short (the provider is asked by external id first, so never twice), reads
 * back orders not heard of lately, and wakes print shop orders whose step is overdue.
 */
export function createReconcileFulfilmentsHandler(context: FulfilmentContext): JobHandler<"reconcile_fulfilments"> {
  return {
    retry: { maxAttempts: 3, baseDelaySeconds: 10, maxDelaySeconds: 60, leaseSeconds: 120 },
    async run() {
      const { db } = context;
      const bucket = Math.floor(Date.now() / 1000 / RECONCILE_FULFILMENTS_SECONDS);
      const due = await rows<{ order_id: string }>(
        db,
        sql`select f.order_id from order_fulfilments f
          where ((f.status = 'waiting' and f.submit_after < now() - interval '30 seconds')
             or (f.status = 'submitting' and f.updated_at < now() - make_interval(secs => ${STUCK_SUBMISSION_SECONDS})))
          and not exists (select 1 from jobs j where j.kind = 'submit_order_fulfilment'
            and j.status in ('pending', 'running') and j.payload->>'orderId' = f.order_id::text)
          limit 200`,
      );
      for (const row of due) {
        await enqueueJob(
          db,
          "submit_order_fulfilment",
          { orderId: row.order_id },
          { dedupeKey: `${row.order_id}:${bucket}` },
        );
      }
      const quiet = await rows<{ order_number: string; submission: number }>(
        db,
        sql`select o.order_number, f.submission from order_fulfilments f join orders o on o.id = f.order_id
          where f.status in ('submitted', 'received', 'in_production', 'partly_shipped', 'shipped', 'on_hold')
            and f.provider is not null
            and coalesce(f.synced_at, f.updated_at) < now() - make_interval(secs => ${POLL_AFTER_SECONDS})
          limit 200`,
      );
      for (const row of quiet) {
        await enqueueJob(
          db,
          "sync_order_fulfilment",
          { externalId: fulfilmentExternalId(row.order_number, Number(row.submission)), eventType: "poll" },
          { dedupeKey: `${row.order_number}:poll:${bucket}` },
        );
      }
      const overdue = await rows<{ id: string }>(
        db,
        sql`select s.id from print_shop_orders s where s.next_step_at < now() - interval '30 seconds'
          and not exists (select 1 from jobs j where j.kind = 'advance_print_shop_order'
            and j.status in ('pending', 'running') and j.payload->>'printShopOrderId' = s.id::text)
          limit 200`,
      );
      for (const row of overdue) {
        await enqueueJob(
          db,
          "advance_print_shop_order",
          { printShopOrderId: row.id },
          { dedupeKey: `${row.id}:${bucket}` },
        );
      }
      return { submissions: due.length, polls: quiet.length, printShopWakes: overdue.length };
    },
  };
}
