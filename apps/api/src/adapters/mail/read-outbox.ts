import fs from "node:fs/promises";
import path from "node:path";

/** An .eml file of the local outbox, decoded enough to follow its links. */
export type OutboxMessage = { path: string; to: string; subject: string; text: string; html: string; links: string[] };

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const source = value.replace(/=\r?\n/g, "");
  for (let index = 0; index < source.length; index++) {
    const character = source[index] as string;
    const hex = source.slice(index + 1, index + 3);
    if (character === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(character, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeHeaderValue(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Splits a raw MIME message into its text and HTML parts (enough for the messages this app writes). */
export function parseEml(raw: string): { to: string; subject: string; text: string; html: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const headerEnd = normalized.indexOf("\n\n");
  const headers = normalized.slice(0, headerEnd).replace(/\n[ \t]+/g, " ");
  const header = (name: string) => decodeHeaderValue(new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers)?.[1] ?? "");
  let text = "";
  let html = "";
  const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? normalized.split(`--${boundary}`).slice(1, -1) : [normalized];
  for (const part of parts) {
    const trimmed = part.replace(/^\n/, "");
    const partHeaderEnd = trimmed.indexOf("\n\n");
    const partHeaders = trimmed.slice(0, partHeaderEnd);
    const partBody = trimmed.slice(partHeaderEnd + 2).replace(/\n$/, "");
    if (/content-type:\s*text\/plain/i.test(partHeaders)) text = decodeBody(partHeaders, partBody);
    else if (/content-type:\s*text\/html/i.test(partHeaders)) html = decodeBody(partHeaders, partBody);
  }
  return { to: header("To"), subject: header("Subject"), text, html };
}

/**
 * The newest .eml in `dir` addressed to `to` (file names are `{timestamp}--{recipient}--{id}.eml`), or
 * undefined. Used by tests and end-to-end tests to follow confirmation and reset links.
 */
export async function readLatestOutboxMessage(options: {
  dir: string;
  to: string;
}): Promise<OutboxMessage | undefined> {
  const recipient = options.to.toLowerCase().replace(/[^a-z0-9@._+-]/g, "_");
  let names: string[];
  try {
    names = await fs.readdir(options.dir);
  } catch {
    return undefined;
  }
  const latest = names
    .filter((name) => name.endsWith(".eml") && name.split("--")[1] === recipient)
    .sort()
    .at(-1);
  if (!latest) return undefined;
  const filePath = path.join(options.dir, latest);
  const parsed = parseEml(await fs.readFile(filePath, "utf8"));
  const links = [...parsed.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return { path: filePath, ...parsed, links };
}
