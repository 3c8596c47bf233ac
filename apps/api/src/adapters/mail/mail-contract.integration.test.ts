import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type LocalSmtpServer, startSmtpServer } from "../../../test/smtp-server.ts";
import { loadConfig } from "../../config.ts";
import { createMail } from "./create-mail.ts";
import { createLocalMail } from "./local-mail.ts";
import type { MailTransport, OutgoingEmail } from "./mail.ts";
import { parseEml } from "./read-outbox.ts";
import { createSmtpMail } from "./smtp-mail.ts";

/**
 * The mail contract: the same cases run against the local transport (.eml files) and the SMTP one (against
 * a real SMTP server on 127.0.0.1). `delivered` reads back what reached the other side, as raw MIME.
 */
type Harness = {
  create(): MailTransport;
  /** A transport of this kind that cannot hand anything over. */
  createUnreachable(): Promise<MailTransport>;
  delivered(reference: string): Promise<string>;
};

let smtp: LocalSmtpServer;
let outboxDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "threadfolk-mail-contract-"));
});

afterAll(async () => {
  await smtp.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

const ignoreLog = () => undefined;

const implementations: Array<{ name: string } & Harness> = [
  {
    name: "local .eml outbox",
    create: () => createLocalMail({ dir: outboxDir, log: ignoreLog }),
    async createUnreachable() {
      // A directory that cannot exist: its parent is a regular file.
      const blocker = path.join(outboxDir, `not-a-directory-${crypto.randomUUID()}`);
      await fs.writeFile(blocker, "");
      return createLocalMail({ dir: path.join(blocker, "outbox"), log: ignoreLog });
    },
    delivered: (reference) => fs.readFile(reference, "utf8"),
  },
  {
    name: "SMTP",
    create: () => createSmtpMail({ url: `smtp://127.0.0.1:${smtp.port}`, timeoutMs: 5000 }),
    createUnreachable: async () => createSmtpMail({ url: `smtp://127.0.0.1:${await freePort()}`, timeoutMs: 2000 }),
    async delivered(reference) {
      const mail = smtp.received.find((candidate) => candidate.raw.includes(reference));
      if (!mail) throw new Error(`the SMTP server received no message ${reference}`);
      return mail.raw;
    },
  },
];

function message(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    id: crypto.randomUUID(),
    from: "Inkwell <no-reply@localhost>",
    to: "mae@example.com",
    subject: "Confirm your email address for Inkwell",
    text: "Open http://localhost:3000/confirm-email/abc to confirm.",
    html: '<p>Open <a href="http://localhost:3000/confirm-email/abc">this link</a> to confirm.</p>',
    ...overrides,
  };
}

describe.each(implementations)("mail contract: $name", (harness) => {
  it("delivers one MIME message with sender, recipient, subject, text and HTML parts", async () => {
    const transport = harness.create();
    try {
      const outgoing = message({ subject: "Café crème for Zoë", to: "Zoe.Reader@Example.com" });
      const reference = await transport.send(outgoing);
      expect(reference).toContain(outgoing.id);
      const raw = await harness.delivered(reference);
      expect(raw).toMatch(/^From: Inkwell <no-reply@localhost>$/m);
      expect(raw).toMatch(new RegExp(`^Message-ID: <${outgoing.id}@threadfolk.outbox>$`, "im"));
      expect(raw).toContain("multipart/alternative");
      const parsed = parseEml(raw);
      // Domains are case-insensitive; nodemailer writes them in lower case.
      expect(parsed.to).toBe("Zoe.Reader@example.com");
      expect(parsed.subject).toBe("Café crème for Zoë");
      expect(parsed.text).toBe(outgoing.text);
      expect(parsed.html).toBe(outgoing.html);
    } finally {
      transport.close();
    }
  });

  it("delivers messages sent at once, each once, to its own recipient", async () => {
    const transport = harness.create();
    try {
      const outgoing = Array.from({ length: 5 }, (_, index) => message({ to: `bulk${index}@example.com` }));
      const references = await Promise.all(outgoing.map((each) => transport.send(each)));
      expect(new Set(references).size).toBe(5);
      const recipients = await Promise.all(
        references.map(async (reference) => parseEml(await harness.delivered(reference)).to),
      );
      expect(recipients).toEqual(outgoing.map((each) => each.to));
    } finally {
      transport.close();
    }
  });

  it("throws when the message cannot be handed over, so that it is retried", async () => {
    const transport = await harness.createUnreachable();
    try {
      await expect(transport.send(message())).rejects.toThrow();
    } finally {
      transport.close();
    }
  });
});

describe("createMail", () => {
  it("picks SMTP when SMTP_URL is set and the .eml outbox under DATA_DIR otherwise", async () => {
    const smtpTransport = createMail(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), ignoreLog);
    const localTransport = createMail(loadConfig({ DATA_DIR: outboxDir }), ignoreLog);
    try {
      expect(smtpTransport.name).toBe("smtp");
      expect(localTransport.name).toBe("file");
      const reference = await localTransport.send(message());
      expect(path.dirname(reference)).toBe(path.join(outboxDir, "outbox"));
    } finally {
      smtpTransport.close();
      localTransport.close();
    }
  });
});
