import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ErrorCode } from "@threadfolk/contract/errors";
import { isUuid } from "@threadfolk/contract/ids";
import {
  STUDIO_API,
  UPLOAD_FAILURES,
  UPLOAD_MAX_BYTES,
  UPLOAD_METADATA_KEYS,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from "@threadfolk/contract/studio";
import { Server as TusServer } from "@tus/server";
import { Metadata } from "@tus/utils";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { NodeRequest } from "srvx/node";
import { createLocks } from "../../adapters/locks/create-locks.ts";
import type { AppContext } from "../../context.ts";
import { uploads } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { authorize } from "../../lib/authorize.ts";
import { grantUploadOwnerImage } from "../media/clean-image-grants.ts";
import { getMediaUrlSecret, signCleanUploadUrl } from "../media/media-urls.ts";
import { OPEN_UPLOADS_LIMIT_MESSAGE, openUpload } from "./open-upload.ts";
import { uploadPolicies } from "./policies.ts";
import { presentUploadStatus } from "./presenters.ts";
import { markUploadReceived } from "./process-upload.ts";
import { createUploadLocker } from "./upload-locker.ts";
import type { UploadStore } from "./upload-store.ts";

/** The tus protocol version spoken (the only one). */
export const TUS_VERSION = "1.0.0";
/** Longest file name kept (the browser's name, shown back to the artist). */
export const UPLOAD_FILE_NAME_MAX_LENGTH = 255;

/** What the POST handler decided before tus creates the upload: read by tus's naming and creation hooks. */
type PendingUpload = { id: string; userId: string; purpose: UploadPurpose; fileName: string; declaredBytes: number };

/** A tus error status mapped to the API's error codes (whose statuses the JSON error shape fixes). */
function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 403:
      return "forbidden";
    case 404:
    case 410:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 501:
      // tus's answer to an extension the store lacks: the client asked for something this endpoint does not do.
      return "bad_request";
    default:
      return status >= 500 ? "internal_error" : "bad_request";
  }
}

function readHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * tus extensions this endpoint does not speak, by the request header that asks for them: concatenation (uploads
 * in parts) and deferred lengths (the size is checked against UPLOAD_MAX_BYTES before any byte arrives).
 */
const UNSUPPORTED_TUS_HEADERS: Record<string, string> = {
  "upload-concat": "Uploads in parts (Upload-Concat) are not accepted: send the file as one upload",
  "upload-defer-length":
    "Deferred lengths (Upload-Defer-Length) are not accepted: send the file's size in Upload-Length",
};

/** 400 for a request that asks for a tus extension this endpoint does not speak. */
function refuseUnsupportedExtensions(request: FastifyRequest): void {
  for (const [header, message] of Object.entries(UNSUPPORTED_TUS_HEADERS)) {
    if (request.headers[header] !== undefined) throw AppError.badRequest(message);
  }
}

/** The creation request's metadata: `purpose` (required) and `filename` (optional); 422 when wrong. */
function readCreationMetadata(request: FastifyRequest): { purpose: UploadPurpose; fileName: string } {
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(readHeader(request, "upload-metadata"));
  } catch {
    throw AppError.badRequest("The Upload-Metadata header is malformed");
  }
  const purpose = metadata[UPLOAD_METADATA_KEYS.purpose];
  if (!purpose || !(UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
    const message = `Say what the picture is for: ${UPLOAD_PURPOSES.join(", ")}`;
    throw new AppError("validation_failed", message, [{ field: UPLOAD_METADATA_KEYS.purpose, message }]);
  }
  // Control characters never belong in a name shown back; the name is never used for the type or a path.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const fileName = (metadata[UPLOAD_METADATA_KEYS.fileName] ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (fileName.length > UPLOAD_FILE_NAME_MAX_LENGTH) {
    const message = `The file name is longer than ${UPLOAD_FILE_NAME_MAX_LENGTH} characters`;
    throw new AppError("validation_failed", message, [{ field: UPLOAD_METADATA_KEYS.fileName, message }]);
  }
  return { purpose: purpose as UploadPurpose, fileName };
}

/** The declared size of a creation request; 413 above UPLOAD_MAX_BYTES, 400 when absent or not a size. */
function readUploadLength(request: FastifyRequest): number {
  const header = readHeader(request, "upload-length");
  if (header === undefined) {
    throw AppError.badRequest("Send the file's size in the Upload-Length header (deferred lengths are not accepted)");
  }
  if (!/^\d{1,16}$/.test(header)) throw AppError.badRequest("The Upload-Length header is not a size in bytes");
  const length = Number(header);
  if (length > UPLOAD_MAX_BYTES) throw new AppError("payload_too_large", UPLOAD_FAILURES.too_large);
  if (length === 0) throw AppError.badRequest("The file is empty");
  return length;
}

/**
 * The resumable upload endpoint (tus 1.0.0, creation and termination extensions) and the upload status, under
 * /api/v1 (decision 036). Fastify routes front every tus request: they authenticate and authorise it (401 for a
 * guest, 404 for someone else's upload, JSON errors throughout), then hand the untouched request stream to
 * `@tus/server`, whose answer they relay. PATCH bodies (`application/offset+octet-stream`) are never parsed
 * by Fastify, so the JSON body limit does not apply; tus holds them to the declared Upload-Length, itself at
 * most UPLOAD_MAX_BYTES.
 */
export async function uploadRoutes(app: FastifyInstance, context: AppContext, uploadStore: UploadStore): Promise<void> {
  const { db } = context;
  const pending = new WeakMap<IncomingMessage, PendingUpload>();
  const pendingFor = (request: Request): PendingUpload => {
    const raw = (request as Request & { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
    const entry = raw ? pending.get(raw) : undefined;
    if (!entry) throw { status_code: 500, body: "The upload was not prepared" };
    return entry;
  };

  // An upload's reads and writes are serialised across every instance, not only in this process (decision 058).
  const locks = createLocks({
    config: context.config,
    database: context.database,
    onError: (error) => app.log.warn({ err: error }, "an upload lock failed"),
  });
  app.addHook("onClose", async () => locks.close());

  const tus = new TusServer({
    path: STUDIO_API.uploads,
    datastore: uploadStore.datastore,
    locker: createUploadLocker(locks),
    relativeLocation: true,
    maxSize: UPLOAD_MAX_BYTES,
    namingFunction: (request) => pendingFor(request).id,
    async onUploadCreate(request) {
      // The open-uploads limit, counted atomically with the insert: parallel starts never pass it.
      if (!(await openUpload({ db, ...pendingFor(request) }))) {
        throw { status_code: 429, body: OPEN_UPLOADS_LIMIT_MESSAGE };
      }
      return {};
    },
    async onUploadFinish(_request, upload) {
      if (await markUploadReceived(db, upload.id)) context.jobs.nudge();
      return {};
    },
  });

  /** Hands the request to tus and relays its answer (errors in the API's JSON shape). */
  async function relayToTus(request: FastifyRequest, reply: FastifyReply): Promise<Response> {
    refuseUnsupportedExtensions(request);
    const response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    response.headers.forEach((value, name) => {
      // Same-origin only: tus's permissive CORS headers are not passed on; the length is Fastify's to set.
      if (name.startsWith("access-control-") || name === "content-length" || name === "content-type") return;
      reply.header(name, value);
    });
    reply.header("Cache-Control", "no-store");
    if (response.status >= 400) {
      const text = (await response.text()).trim();
      const code = errorCodeForStatus(response.status);
      if (code === "internal_error") {
        request.log.error({ status: response.status, tus: text }, "the upload endpoint failed");
        throw new AppError(code, "Something went wrong on our side. Please try again.");
      }
      throw new AppError(code, text.slice(0, 200) || "The upload request was refused");
    }
    return response;
  }

  async function loadOwnUpload(request: FastifyRequest) {
    const actor = authorize(request.actor, uploadPolicies.create);
    const { id } = request.params as { id: string };
    const [row] = isUuid(id) ? await db.select().from(uploads).where(eq(uploads.id, id.toLowerCase())).limit(1) : [];
    authorize(actor, uploadPolicies.transfer, row);
    return { actor, row };
  }

  // The tus bodies stay streams for tus to read (never buffered, never held to the JSON body limit).
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null, undefined));

  app.post("/uploads", async (request, reply) => {
    const actor = authorize(request.actor, uploadPolicies.create);
    reply.header("Tus-Resumable", TUS_VERSION);
    refuseUnsupportedExtensions(request);
    const declaredBytes = readUploadLength(request);
    const { purpose, fileName } = readCreationMetadata(request);
    pending.set(request.raw, { id: randomUUID(), userId: actor.userId, purpose, fileName, declaredBytes });
    const response = await relayToTus(request, reply);
    return reply.status(response.status).send();
  });

  app.head("/uploads/:id", async (request, reply) => {
    const { row } = await loadOwnUpload(request);
    if (row.status !== "receiving") {
      // Received in full (the tus file may be gone once processed): a resuming client learns it is done.
      return reply
        .status(200)
        .headers({
          "Tus-Resumable": TUS_VERSION,
          "Upload-Offset": String(row.declaredBytes),
          "Upload-Length": String(row.declaredBytes),
          "Cache-Control": "no-store",
        })
        .send();
    }
    const response = await relayToTus(request, reply);
    // All the bytes are in but the finish was never recorded (the process died right after the last PATCH):
    // recorded now, so the upload does not wait in `receiving` until the purge.
    const offset = response.headers.get("upload-offset");
    if (offset !== null && Number(offset) === row.declaredBytes && (await markUploadReceived(db, row.id))) {
      context.jobs.nudge();
    }
    return reply.status(response.status).send();
  });

  app.patch("/uploads/:id", async (request, reply) => {
    const { row } = await loadOwnUpload(request);
    reply.header("Tus-Resumable", TUS_VERSION);
    if (row.status !== "receiving") throw AppError.conflict("This upload has already been received in full");
    const response = await relayToTus(request, reply);
    return reply.status(response.status).send();
  });

  app.delete("/uploads/:id", async (request, reply) => {
    const { row } = await loadOwnUpload(request);
    reply.header("Tus-Resumable", TUS_VERSION);
    if (row.status !== "receiving") {
      throw AppError.conflict("This upload has already been received: it can no longer be cancelled");
    }
    try {
      await relayToTus(request, reply);
    } catch (error) {
      // The bytes were already gone: the cancel still removes the upload.
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
    }
    await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.status, "receiving")));
    return reply.status(204).send();
  });

  app.get("/uploads/:id/status", async (request) => {
    const actor = authorize(request.actor, uploadPolicies.create);
    const { id } = request.params as { id: string };
    const [row] = isUuid(id) ? await db.select().from(uploads).where(eq(uploads.id, id.toLowerCase())).limit(1) : [];
    authorize(actor, uploadPolicies.readStatus, row);
    let previewUrl: string | null = null;
    if (row.status === "ready" && row.sourceKey) {
      previewUrl = signCleanUploadUrl({
        grant: grantUploadOwnerImage({ actor, upload: row }),
        key: row.sourceKey,
        secret: await getMediaUrlSecret(context),
        version: String(row.updatedAt.getTime()),
      });
    }
    return { data: presentUploadStatus(row, previewUrl) };
  });
}
