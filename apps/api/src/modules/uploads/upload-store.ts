import path from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/utils";
import type { Config } from "../../config.ts";

/**
 * Where the bytes of an upload in progress live (the tus data store): files under DATA_DIR/uploads locally, the
 * S3-compatible bucket of the media storage when S3_* is set (objects named by the upload's uuid, with the
 * store's `.info` and `.part` companions). Processing reads the finished file from here, then removes it.
 */
export type UploadStore = {
  datastore: DataStore;
  /** The received bytes of upload `id`. */
  read(id: string): Promise<Buffer>;
  /** Removes the upload's bytes and the store's own record of it; nothing happens when they are gone already. */
  remove(id: string): Promise<void>;
};

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function createDataStore(config: Config): Promise<DataStore> {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    // Loaded only when configured: the AWS SDK it brings is heavy.
    const { S3Store } = await import("@tus/s3-store");
    return new S3Store({
      s3ClientConfig: {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      },
    });
  }
  return new FileStore({ directory: path.join(config.DATA_DIR, "uploads") });
}

export async function createUploadStore(config: Config): Promise<UploadStore> {
  const datastore = await createDataStore(config);
  return {
    datastore,
    async read(id) {
      return collect(await (datastore as DataStore & { read(id: string): Readable | Promise<Readable> }).read(id));
    },
    async remove(id) {
      try {
        await datastore.remove(id);
      } catch (error) {
        const status = (error as { status_code?: number }).status_code;
        if (status !== 404 && status !== 410) throw error;
      }
    },
  };
}
