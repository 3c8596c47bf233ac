import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { MediaStorage } from "./storage.ts";

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...) through the AWS SDK: its signing, retries
 * and error types. Objects of a part size or more go up as multipart uploads (lib-storage's Upload: parts in
 * parallel, the upload aborted when a part fails); smaller ones in one PutObject.
 */

export type S3StorageOptions = {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000; defaults to AWS in the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`, MinIO's default) instead of the host name. */
  forcePathStyle?: boolean;
  /** Bytes per part of a multipart upload (S3's minimum, 5 MiB, and up); bodies this large or larger use one. */
  partSizeBytes?: number;
};

/** S3's smallest part (every part but the last); larger parts mean fewer requests for a 50 MB artwork. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
/** Parts sent at once by one multipart upload. */
const PART_CONCURRENCY = 4;

/** A failed call as one readable error: the call, the key, the HTTP status and S3's error code. */
function describeFailure(what: string, error: unknown): Error {
  if (error instanceof S3ServiceException) {
    return new Error(`S3 ${what} failed: ${error.$metadata.httpStatusCode ?? "?"} ${error.name}`, { cause: error });
  }
  return new Error(`S3 ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** An S3-backed MediaStorage; a PUT replaces the object atomically, so concurrent renders of one key are harmless. */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible stores (MinIO, R2, older Ceph) reject the SDK's
    // default CRC trailers on uploads.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const partSize = Math.max(S3_MIN_PART_BYTES, options.partSizeBytes ?? DEFAULT_PART_BYTES);
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType) {
      try {
        await new Upload({
          client,
          params: { Bucket, Key: key, Body: body, ContentType: contentType },
          partSize,
          queueSize: PART_CONCURRENCY,
          leavePartsOnError: false,
        }).done();
      } catch (error) {
        throw describeFailure(`PUT ${key}`, error);
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await object.Body?.transformToByteArray();
        return {
          body: Buffer.from(bytes ?? new Uint8Array()),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw describeFailure(`GET ${key}`, error);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw describeFailure(`HEAD ${key}`, error);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw describeFailure(`DELETE ${key}`, error);
      }
    },
  };
}
