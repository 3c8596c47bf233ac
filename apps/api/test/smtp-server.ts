import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type LocalSmtpServer = { port: number; received: ReceivedMail[]; close(): Promise<void> };

/** A real SMTP server on 127.0.0.1 that keeps what it receives (`port` 0 picks a free one). */
export async function startSmtpServer(port = 0): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    // No DNS here: a reverse lookup of 127.0.0.1 would stall every greeting.
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(port, "127.0.0.1", () => resolve());
  });
  const address = smtp.server.address();
  if (!address || typeof address === "string") throw new Error("smtp server has no port");
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens (found by opening and closing a server). */
export async function freePort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}
