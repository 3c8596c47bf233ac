import { randomBytes } from "node:crypto";
import type { PayPalIssue } from "./paypal-schemas.ts";
import { refuseIssue } from "./sandbox-errors.ts";
import {
  checkBody,
  checkIssues,
  isoTime,
  notFound,
  parameterIssues,
  parseJsonBody,
  type SandboxRequest,
  type SandboxResponse,
} from "./sandbox-requests.ts";
import type { SandboxExecutor, SandboxStore, SandboxTracker } from "./sandbox-store.ts";

/**
 * Shipment Tracking v1 as the sandbox answers it (decision 066): `POST /v1/shipping/trackers-batch` adds trackers
 * to captures, `GET /v1/shipping/trackers/{id}` shows one and `PUT /v1/shipping/trackers/{id}` changes it (its
 * status: SHIPPED, DELIVERED, CANCELLED …). Bodies and the tracker id are checked with Ajv against PayPal's
 * description (descriptions/shipping-shipment-tracking-v1.json). As the description documents, a batch answers
 * 200 with the trackers it added (`tracker_identifiers`) and one error per tracker it did not add (`errors`): an
 * unknown capture is RESOURCE_NOT_FOUND, a tracker that exists already (same capture, same tracking number) is
 * RESOURCE_CONFLICT, named and worded as the description's 404 and 409 errors. The description names no issue
 * codes for them; the details' issues here are PayPal's common ones (INVALID_RESOURCE_ID) and the sandbox's own
 * (TRACKER_ALREADY_EXISTS), and nothing of ours depends on them.
 */

type Link = { href: string; rel: string; method: string };

export type TrackingContext = {
  store: SandboxStore;
  json(status: number, body: unknown): SandboxResponse;
  link(pathname: string, rel: string, method: string): Link;
  currentTime(): Date;
};

/** A tracker of the request body (fields the description declares; Ajv has checked their shapes). */
type TrackerInput = {
  transaction_id: string;
  tracking_number?: string;
  tracking_number_type?: string;
  status: string;
  shipment_date?: string;
  carrier?: string;
  carrier_name_other?: string;
  notify_buyer?: boolean;
  tracking_url?: string;
};

/** The error objects of a batch reply (the description's `error`), for one tracker. */
type BatchError = {
  name: string;
  message: string;
  debug_id: string;
  details: PayPalIssue[];
};

const NOT_FOUND = { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." };
const CONFLICT = {
  name: "RESOURCE_CONFLICT",
  message: "The server has detected a conflict while processing this request.",
};

/** PayPal's tracker id: the capture's id and the tracking number. */
export const trackerId = (captureId: string, trackingNumber: string) => `${captureId}-${trackingNumber}`;

/** What the description asks of each tracker beyond its schema, and what the sandbox supports. */
function checkTrackerRules(tracker: TrackerInput, at: string): void {
  if (tracker.tracking_number === undefined)
    refuseIssue("NOT_SUPPORTED", "This sandbox takes trackers with tracking numbers.", `${at}/tracking_number`);
  // PayPal's guide: a tracking number goes with its carrier (the description's carrier list has no OTHER).
  if (tracker.carrier === undefined)
    refuseIssue("MISSING_REQUIRED_PARAMETER", "A tracking number needs its carrier.", `${at}/carrier`);
  const id = trackerId(tracker.transaction_id, tracker.tracking_number);
  checkIssues(parameterIssues("tracking", "id", id, { field: `${at}/tracking_number`, location: "body" }));
}

export function createTrackingOperations(context: TrackingContext) {
  const { store, json, link, currentTime } = context;

  function batchError(kind: { name: string; message: string }, detail: PayPalIssue): BatchError {
    return { ...kind, debug_id: randomBytes(7).toString("hex"), details: [detail] };
  }

  function presentTracker(tracker: SandboxTracker) {
    const path = `/v1/shipping/trackers/${tracker.id}`;
    return {
      transaction_id: tracker.captureId,
      tracking_number: tracker.trackingNumber,
      ...(tracker.trackingNumberType ? { tracking_number_type: tracker.trackingNumberType } : {}),
      status: tracker.status,
      ...(tracker.shipmentDate ? { shipment_date: tracker.shipmentDate } : {}),
      carrier: tracker.carrier,
      ...(tracker.carrierNameOther ? { carrier_name_other: tracker.carrierNameOther } : {}),
      notify_buyer: tracker.notifyBuyer,
      ...(tracker.trackingUrl ? { tracking_url: tracker.trackingUrl } : {}),
      last_updated_time: isoTime(tracker.updatedAt),
      links: [link(path, "self", "GET"), link(path, "replace", "PUT")],
    };
  }

  /** Adds one tracker in the batch's transaction: its identifier, or the error the batch reply lists for it. */
  async function addTracker(
    tx: SandboxExecutor,
    tracker: TrackerInput & { tracking_number: string; carrier: string },
    at: string,
  ): Promise<{ identifier: Record<string, unknown> } | { error: BatchError }> {
    // The capture is locked, so that two batches adding the same tracker at once answer one added, one conflict.
    const capture = await store.findCapture(tx, tracker.transaction_id, { lock: true });
    if (!capture) {
      return {
        error: batchError(NOT_FOUND, {
          field: `${at}/transaction_id`,
          value: tracker.transaction_id,
          location: "body",
          issue: "INVALID_RESOURCE_ID",
          description: "Specified resource ID does not exist. Please check the resource ID and try again.",
        }),
      };
    }
    const id = trackerId(capture.id, tracker.tracking_number);
    if (await store.findTracker(tx, id)) {
      return {
        error: batchError(CONFLICT, {
          field: `${at}/tracking_number`,
          value: tracker.tracking_number,
          location: "body",
          issue: "TRACKER_ALREADY_EXISTS",
          description: "This transaction already has a tracker with this tracking number.",
        }),
      };
    }
    const time = currentTime();
    await store.insertTracker(tx, {
      id,
      captureId: capture.id,
      trackingNumber: tracker.tracking_number,
      status: tracker.status,
      carrier: tracker.carrier,
      carrierNameOther: tracker.carrier_name_other ?? null,
      trackingNumberType: tracker.tracking_number_type ?? null,
      shipmentDate: tracker.shipment_date ?? null,
      trackingUrl: tracker.tracking_url ?? null,
      notifyBuyer: tracker.notify_buyer ?? false,
      createdAt: time,
      updatedAt: time,
    });
    const path = `/v1/shipping/trackers/${id}`;
    return {
      identifier: {
        transaction_id: capture.id,
        tracking_number: tracker.tracking_number,
        links: [link(path, "self", "GET"), link(path, "replace", "PUT")],
      },
    };
  }

  async function addTrackers(request: SandboxRequest): Promise<SandboxResponse> {
    const body = parseJsonBody(request, true);
    checkBody("tracking", "tracker_collection", body);
    const trackers = (body as { trackers?: TrackerInput[] }).trackers;
    // The schema declares `trackers` (1 to 20) without requiring it; PayPal's guide requires it.
    if (!trackers) refuseIssue("MISSING_REQUIRED_PARAMETER", "trackers is required.", "/trackers");
    for (const [index, tracker] of trackers.entries()) checkTrackerRules(tracker, `/trackers/${index}`);
    const results = await store.inTransaction(undefined, async (tx) => {
      const outcomes = [];
      for (const [index, tracker] of trackers.entries()) {
        outcomes.push(
          await addTracker(
            tx,
            tracker as TrackerInput & { tracking_number: string; carrier: string },
            `/trackers/${index}`,
          ),
        );
      }
      return outcomes;
    });
    const identifiers = results.flatMap((result) => ("identifier" in result ? [result.identifier] : []));
    const errors = results.flatMap((result) => ("error" in result ? [result.error] : []));
    // Both lists hold at least one entry when present (the description's minItems).
    return json(200, {
      ...(identifiers.length > 0 ? { tracker_identifiers: identifiers } : {}),
      ...(errors.length > 0 ? { errors } : {}),
      links: [link("/v1/shipping/trackers-batch", "self", "POST")],
    });
  }

  async function findTracker(id: string): Promise<SandboxTracker> {
    checkIssues(parameterIssues("tracking", "id", id, { field: "id", location: "path" }));
    const tracker = await store.findTracker(store.db, id);
    if (!tracker) notFound("id");
    return tracker;
  }

  async function showTracker(id: string): Promise<SandboxResponse> {
    return json(200, presentTracker(await findTracker(id)));
  }

  /** Changes a tracker's status (SHIPPED -> DELIVERED, CANCELLED …) and details; its capture and number stay. */
  async function updateTracker(request: SandboxRequest, id: string): Promise<SandboxResponse> {
    const body = parseJsonBody(request, true);
    checkBody("tracking", "tracker", body);
    const tracker = await findTracker(id);
    const input = body as TrackerInput;
    if (input.transaction_id !== tracker.captureId)
      refuseIssue("INVALID_PARAMETER_VALUE", "transaction_id must be the tracker's.", "/transaction_id");
    if (input.tracking_number !== undefined && input.tracking_number !== tracker.trackingNumber)
      refuseIssue("INVALID_PARAMETER_VALUE", "tracking_number must be the tracker's.", "/tracking_number");
    await store.updateTracker(store.db, tracker.id, {
      status: input.status,
      ...(input.carrier === undefined ? {} : { carrier: input.carrier }),
      ...(input.carrier_name_other === undefined ? {} : { carrierNameOther: input.carrier_name_other }),
      ...(input.tracking_number_type === undefined ? {} : { trackingNumberType: input.tracking_number_type }),
      ...(input.shipment_date === undefined ? {} : { shipmentDate: input.shipment_date }),
      ...(input.tracking_url === undefined ? {} : { trackingUrl: input.tracking_url }),
      ...(input.notify_buyer === undefined ? {} : { notifyBuyer: input.notify_buyer }),
      updatedAt: currentTime(),
    });
    return { status: 204, headers: { "paypal-debug-id": randomBytes(7).toString("hex") }, body: "" };
  }

  /** Answers a tracking request, or undefined when the path and method are not one of these operations. */
  return async function handleTracking(
    request: SandboxRequest,
    method: string,
    pathname: string,
  ): Promise<SandboxResponse | undefined> {
    if (pathname === "/v1/shipping/trackers-batch") {
      if (method === "POST") return addTrackers(request);
      return undefined;
    }
    const match = /^\/v1\/shipping\/trackers\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    const id = decodeURIComponent(match[1] ?? "");
    if (method === "GET") return showTracker(id);
    if (method === "PUT") return updateTracker(request, id);
    return undefined;
  };
}

/** The operations of the tracking description, for refusals worded as it documents (it documents no issues). */
export function trackingOperationOf(method: string, pathname: string): string | undefined {
  if (method === "POST" && pathname === "/v1/shipping/trackers-batch") return "/v1/shipping/trackers-batch";
  if ((method === "GET" || method === "PUT") && /^\/v1\/shipping\/trackers\/[^/]+$/.test(pathname))
    return "/v1/shipping/trackers/{id}";
  return undefined;
}
