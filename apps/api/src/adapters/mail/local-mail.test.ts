import { describe, expect, it } from "vitest";
import { outboxFileName } from "./local-mail.ts";
import { parseEml } from "./read-outbox.ts";

describe("the local .eml outbox", () => {
  it("names outbox files by time, recipient and id so they sort by time", () => {
    const name = outboxFileName({
      to: "Ada Lovelace@Example.com",
      id: "abc",
      date: new Date("2026-01-02T03:04:05.678Z"),
    });
    expect(name).toBe("20260102T030405678Z--ada_lovelace@example.com--abc.eml");
  });

  it("decodes quoted-printable parts of a multipart message", () => {
    const raw = [
      "To: a@example.com",
      "Subject: =?UTF-8?Q?Caf=C3=A9?=",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Link: http://x.test/confirm-email/abc=",
      "def and caf=C3=A9",
      "--b1",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("<p>hi</p>").toString("base64"),
      "--b1--",
      "",
    ].join("\r\n");
    const parsed = parseEml(raw);
    expect(parsed.subject).toBe("Café");
    expect(parsed.text).toBe("Link: http://x.test/confirm-email/abcdef and café");
    expect(parsed.html).toBe("<p>hi</p>");
  });
});
