import type { S3Client } from "@aws-sdk/client-s3";
import type { MediaStorage } from "./storage.ts";

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...) through the AWS SDK: its signing, retries
 * and error types. Objects of a part size or more go up as multipart uploads (lib-storage's Upload: parts in
 * parallel, the upload aborted when a part fails); smaller ones in one PutObject. The SDK is loaded on the first
 * call, so an instance that keeps media on local disk never loads it.
 */

type Sdk = {
  s3: typeof import("@aws-sdk/client-s3");
  lib: typeof import("@aws-sdk/lib-storage");
};
let sdk: Promise<Sdk> | undefined;

function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, lib]) => ({
    s3,
    lib,
  }));
  return sdk;
}

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
function describeFailure({ s3 }: Sdk, what: string, error: unknown): Error {
  if (error instanceof s3.S3ServiceException) {
    return new Error(`S3 ${what} failed: ${error.$metadata.httpStatusCode ?? "?"} ${error.name}`, { cause: error });
  }
  return new Error(`S3 ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

function isMissing({ s3 }: Sdk, error: unknown): boolean {
  return (
    error instanceof s3.NoSuchKey ||
    error instanceof s3.NotFound ||
    (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** An S3-backed MediaStorage; a PUT replaces the object atomically, so concurrent renders of one key are harmless. */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const partSize = Math.max(S3_MIN_PART_BYTES, options.partSizeBytes ?? DEFAULT_PART_BYTES);
  const Bucket = options.bucket;
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  function connect() {
    connection ??= loadSdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.s3.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle ?? false,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // Checksums only where S3 requires them: S3-compatible stores (MinIO, R2, older Ceph) reject the SDK's
        // default CRC trailers on uploads.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return connection;
  }

  return {
    async put(key, body, contentType) {
      const { sdk: loaded, client } = await connect();
      try {
        await new loaded.lib.Upload({
          client,
          params: { Bucket, Key: key, Body: body, ContentType: contentType },
          partSize,
          queueSize: PART_CONCURRENCY,
          leavePartsOnError: false,
        }).done();
      } catch (error) {
        throw describeFailure(loaded, `PUT ${key}`, error);
      }
    },
    async get(key) {
      const { sdk: loaded, client } = await connect();
      try {
        const object = await client.send(new loaded.s3.GetObjectCommand({ Bucket, Key: key }));
        const bytes = await object.Body?.transformToByteArray();
        return {
          body: Buffer.from(bytes ?? new Uint8Array()),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (isMissing(loaded, error)) return undefined;
        throw describeFailure(loaded, `GET ${key}`, error);
      }
    },
    async exists(key) {
      const { sdk: loaded, client } = await connect();
      try {
        await client.send(new loaded.s3.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(loaded, error)) return false;
        throw describeFailure(loaded, `HEAD ${key}`, error);
      }
    },
    async delete(key) {
      const { sdk: loaded, client } = await connect();
      try {
        await client.send(new loaded.s3.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissing(loaded, error)) return;
        throw describeFailure(loaded, `DELETE ${key}`, error);
      }
    },
  };
}
