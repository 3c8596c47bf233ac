import path from "node:path";
import { type OutboxMessage, readLatestOutboxMessage } from "../src/adapters/mail/read-outbox.ts";
import { createTemporaryDirectory } from "./temporary-directories.ts";
import type { TestServer } from "./test-server.ts";

/** A fresh DATA_DIR for one test server, so its outbox holds only its own e-mail; removed after the file. */
export function temporaryDataDir(): string {
  return createTemporaryDirectory("threadfolk-accounts-");
}

/** Runs the queued jobs (sending the e-mail) now and returns the newest .eml for `to` from the server's outbox. */
export async function deliverAndReadLatestEmail(server: TestServer, to: string): Promise<OutboxMessage> {
  await server.context.jobs.processDue();
  const message = await readLatestOutboxMessage({ dir: path.join(server.config.DATA_DIR, "outbox"), to });
  if (!message) throw new Error(`no e-mail to ${to} in the outbox`);
  return message;
}

/** The token at the end of the first link in the message that contains `pathPrefix`. */
export function tokenFromLink(message: OutboxMessage, pathPrefix: string): string {
  const link = message.links.find((candidate) => candidate.includes(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in ${message.path}`);
  return decodeURIComponent(link.split(pathPrefix)[1] ?? "");
}
