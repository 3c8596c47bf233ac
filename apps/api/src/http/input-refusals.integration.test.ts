import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newGuestToken, signInNewArtist } from "../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

/**
 * Inputs that once answered 500 (issue 25): lone UTF-16 surrogates in text (refused by the contract's one text
 * rule), a PayPal notification whose body is not an event, and tus extensions the upload endpoint does not speak.
 */

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

const LONE_SURROGATES = ["\ud800", "a\udc00b", "\udbff", "😀\ud83d"];

describe("invalid Unicode in text", () => {
  it("refuses a guest's analytics event with a lone surrogate in a property value or key with a 422", async () => {
    const token = await newGuestToken(server);
    const event = (properties: Record<string, unknown>) => ({
      events: [{ name: "Page View", category: "Navigation", properties, occurred_at: new Date().toISOString() }],
    });
    for (const text of LONE_SURROGATES) {
      const value = await server.request("/api/v1/analytics_events", {
        method: "POST",
        token,
        body: event({ path: text }),
      });
      expect(value.status, value.text).toBe(422);
      expect(value.body.error.code).toBe("validation_failed");
      const key = await server.request("/api/v1/analytics_events", {
        method: "POST",
        token,
        body: event({ [text]: 1 }),
      });
      expect(key.status, key.text).toBe(422);
    }
    // A well-formed astral character (a surrogate pair) is text like any other.
    const emoji = await server.request("/api/v1/analytics_events", {
      method: "POST",
      token,
      body: event({ path: "/😀" }),
    });
    expect(emoji.status, emoji.text).toBe(202);
  });

  it("refuses a draft whose title holds a lone surrogate, on creation and on save", async () => {
    const artist = await signInNewArtist(server);
    const draft = (title: string) => ({ design_draft: { step: "details", data: { title } } });
    for (const text of LONE_SURROGATES) {
      const created = await server.request("/api/v1/design_drafts", {
        method: "POST",
        token: artist.token,
        body: draft(`Otter ${text}`),
      });
      expect(created.status, created.text).toBe(422);
      expect(created.body.error.details).toContainEqual({
        field: "design_draft.data.title",
        message: "must be valid Unicode text",
      });
    }
    const created = await server.request("/api/v1/design_drafts", {
      method: "POST",
      token: artist.token,
      body: draft("Otter 😀"),
    });
    expect(created.status, created.text).toBe(201);
    const saved = await server.request(`/api/v1/design_drafts/${created.body.data.id}`, {
      method: "PATCH",
      token: artist.token,
      body: draft("Otter \ud800"),
    });
    expect(saved.status, saved.text).toBe(422);
  });
});

describe("a PayPal notification that is not an event", () => {
  const signatureHeaders = {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
    "paypal-transmission-id": randomUUID(),
    "paypal-transmission-sig": "c2lnbmF0dXJl",
    "paypal-transmission-time": new Date().toISOString(),
  };

  it("answers 400 whatever the body, with the signature headers present", async () => {
    for (const body of ["[]", "1", '"text"', "null", "true", "{}", '{"id":1}', '{"id":"WH-1"}', "[{}]", "{"]) {
      const response = await server.request("/api/v1/pay_pal_webhooks", {
        method: "POST",
        headers: { ...signatureHeaders, "content-type": "application/json" },
        rawBody: body,
      });
      expect(response.status, `${body}: ${response.text}`).toBe(400);
      expect(response.body.error.code).toBe("bad_request");
    }
  });

  it("answers 400 to an event whose signature headers are not what PayPal sends", async () => {
    const event = JSON.stringify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: "CAP-1" } });
    const requests: Array<Record<string, string>> = [
      { "paypal-transmission-time": "yesterday" },
      { "paypal-cert-url": "not a url" },
      { "paypal-auth-algo": "SHA-256 with RSA" },
      { "paypal-transmission-id": "x".repeat(80) },
    ];
    for (const headers of requests) {
      const response = await server.request("/api/v1/pay_pal_webhooks", {
        method: "POST",
        headers: { ...signatureHeaders, ...headers, "content-type": "application/json" },
        rawBody: event,
      });
      expect(response.status, `${JSON.stringify(headers)}: ${response.text}`).toBe(400);
    }
  });
});

describe("tus extensions the upload endpoint does not speak", () => {
  it("answers 400 to Upload-Concat and Upload-Defer-Length", async () => {
    const artist = await signInNewArtist(server);
    const metadata = `purpose ${Buffer.from("artwork").toString("base64")}`;
    const requests: Array<Record<string, string>> = [
      { "Upload-Concat": "partial", "Upload-Length": "10" },
      { "Upload-Concat": "final;/api/v1/uploads/a /api/v1/uploads/b" },
      { "Upload-Defer-Length": "1" },
      { "Upload-Defer-Length": "1", "Upload-Length": "10" },
    ];
    for (const headers of requests) {
      const response = await server.request("/api/v1/uploads", {
        method: "POST",
        token: artist.token,
        headers: { "Tus-Resumable": "1.0.0", "Upload-Metadata": metadata, ...headers },
      });
      expect(response.status, `${JSON.stringify(headers)}: ${response.text}`).toBe(400);
      expect(response.body.error.code).toBe("bad_request");
    }
  });
});
