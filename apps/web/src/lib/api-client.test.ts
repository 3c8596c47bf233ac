import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A Map-backed Web Storage, enough for the storage helpers. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Handler = (call: Call) => { status: number; body?: unknown };

let calls: Call[];
let handler: Handler;
let localStorage: MemoryStorage;
let sessionStorage: MemoryStorage;

function json(status: number, body?: unknown) {
  return { status, body };
}

/** A fresh copy of the client module (its single-flight state is module-level) over fresh storage. */
async function loadClient() {
  vi.resetModules();
  localStorage = new MemoryStorage();
  sessionStorage = new MemoryStorage();
  const events = new EventTarget();
  vi.stubGlobal("window", {
    localStorage,
    sessionStorage,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    location: { origin: "http://shop.test" },
  });
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call: Call = {
        url,
        method: init.method ?? "GET",
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(init.body as string) : undefined,
      };
      calls.push(call);
      // Let concurrent requests interleave as they would over a network.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { status, body } = handler(call);
      return new Response(body === undefined ? "" : JSON.stringify(body), { status });
    }),
  );
  return import("./api-client.ts");
}

const tokenCalls = () => calls.filter((call) => call.url === "/oauth/token");

function tokens(access: string, refresh: string) {
  return { access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: 7200, created_at: 1 };
}

beforeEach(() => {
  handler = () => json(500);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("gets a guest token first, sends it as bearer, and converts keys both ways", async () => {
    const client = await loadClient();
    handler = (call) => {
      if (call.url === "/oauth/token") return json(200, tokens("guest-access", "guest-refresh"));
      return json(200, { favorite_design_uuids: ["a"], nested: { first_name: "Ada" } });
    };
    const reply = await client.apiRequest("/api/v1/things", {
      method: "POST",
      params: { pageSize: 2 },
      body: { user: { firstName: "Ada" } },
    });

    expect(tokenCalls()).toHaveLength(1);
    expect(tokenCalls()[0]?.body).toMatchObject({ grant_type: "password", guest: true, client_id: "threadfolk-web" });
    const apiCall = calls[1];
    expect(apiCall?.url).toBe("/api/v1/things?page_size=2");
    expect(apiCall?.headers.Authorization).toBe("Bearer guest-access");
    expect(apiCall?.body).toEqual({ user: { first_name: "Ada" } });
    expect(reply).toEqual({ favoriteDesignUuids: ["a"], nested: { firstName: "Ada" } });
    expect(sessionStorage.getItem("accessToken")).toBe("guest-access");
    expect(localStorage.getItem("refreshToken")).toBe("guest-refresh");
    expect(localStorage.getItem("signedIn")).toBe("false");
  });

  it("sends a caller's extra headers (Idempotency-Key) on the first try and on the retry after a 401, keeping its own", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "old-access");
    sessionStorage.setItem("accessTokenExpiresAt", String(Date.now() + 3_600_000));
    localStorage.setItem("refreshToken", "kept-refresh");
    handler = (call) => {
      if (call.url === "/oauth/token") return json(200, tokens("new-access", "new-refresh"));
      return call.headers.Authorization === "Bearer old-access" ? json(401) : json(201, { ok: true });
    };
    await client.apiRequest("/api/v1/order_payments", {
      method: "POST",
      body: {},
      headers: { "Idempotency-Key": "press-1", Authorization: "Bearer forged", Accept: "text/html" },
    });

    const paymentCalls = calls.filter((call) => call.url === "/api/v1/order_payments");
    expect(paymentCalls.map((call) => call.headers["Idempotency-Key"])).toEqual(["press-1", "press-1"]);
    expect(paymentCalls.map((call) => call.headers.Authorization)).toEqual(["Bearer old-access", "Bearer new-access"]);
    expect(paymentCalls[1]?.headers.Accept).toBe("application/json");
  });

  it("sends a public read at once without a token when none is kept, and with the kept one otherwise", async () => {
    const client = await loadClient();
    handler = () => json(200, { data: [] });
    await client.apiRequest("/api/v1/carousels", { params: { locationCode: "front_page" }, isPublic: true });
    expect(calls.map((call) => call.url)).toEqual(["/api/v1/carousels?location_code=front_page"]);
    expect(calls[0]?.headers.Authorization).toBeUndefined();

    sessionStorage.setItem("accessToken", "kept");
    await client.apiRequest("/api/v1/marketplace_sales", { isPublic: true });
    expect(calls[1]?.headers.Authorization).toBe("Bearer kept");
    expect(tokenCalls()).toHaveLength(0);
  });

  it("gets a token and retries once when a public read without a token is refused", async () => {
    const client = await loadClient();
    handler = (call) => {
      if (call.url === "/oauth/token") return json(200, tokens("guest-access", "guest-refresh"));
      return call.headers.Authorization ? json(200, { ok: true }) : json(401, { error: {} });
    };
    const reply = await client.apiRequest("/api/v1/designs/x", { isPublic: true });
    expect(reply).toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual(["/api/v1/designs/x", "/oauth/token", "/api/v1/designs/x"]);
  });

  it("shares one refresh between concurrent 401s and retries each request once", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "old");
    localStorage.setItem("refreshToken", "r1");
    localStorage.setItem("signedIn", "true");
    handler = (call) => {
      if (call.url === "/oauth/token") return json(200, tokens("new", "r2"));
      return call.headers.Authorization === "Bearer new" ? json(200, { ok: true }) : json(401, { error: {} });
    };
    const replies = await Promise.all([1, 2, 3].map((n) => client.apiRequest(`/api/v1/item/${n}`)));

    expect(replies).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(tokenCalls()).toHaveLength(1);
    expect(tokenCalls()[0]?.body).toMatchObject({ grant_type: "refresh_token", refresh_token: "r1" });
    // Spec section 7: a refresh names the device, a random id this browser keeps.
    const device = tokenCalls()[0]?.headers.Device;
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem("deviceId")).toBe(device);
    expect(calls.filter((call) => call.url.startsWith("/api/"))).toHaveLength(6);
    expect(localStorage.getItem("refreshToken")).toBe("r2");
    expect(localStorage.getItem("signedIn")).toBe("true");
  });

  it("refreshes before the call when the stored token has expired", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "old");
    sessionStorage.setItem("accessTokenExpiresAt", String(Date.now() - 1));
    localStorage.setItem("refreshToken", "r1");
    handler = (call) => (call.url === "/oauth/token" ? json(200, tokens("new", "r2")) : json(200, {}));
    await client.apiRequest("/api/v1/x");
    expect(calls.map((call) => call.url)).toEqual(["/oauth/token", "/api/v1/x"]);
    expect(calls[1]?.headers.Authorization).toBe("Bearer new");
  });

  it("gives up after one retry when the renewed token is refused too", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "old");
    localStorage.setItem("refreshToken", "r1");
    handler = (call) =>
      call.url === "/oauth/token"
        ? json(200, tokens("new", "r2"))
        : json(401, { error: { code: "unauthorized", message: "Sign in to continue" } });
    const failure = client.apiRequest("/api/v1/user_info");
    await expect(failure).rejects.toMatchObject({ status: 401, code: "unauthorized", message: "Sign in to continue" });
    expect(calls.filter((call) => call.url.startsWith("/api/"))).toHaveLength(2);
  });

  it("signs the visitor out when the refresh answer says the refresh token is missing", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "old");
    localStorage.setItem("refreshToken", "r1");
    localStorage.setItem("signedIn", "true");
    localStorage.setItem("username", "ada_l");
    localStorage.setItem("favoriteDesignUuids", '["d1"]');
    const ended = vi.fn();
    client.onSessionEnded(ended);
    handler = (call) => {
      if (call.url === "/oauth/token") {
        return call.body && (call.body as { grant_type: string }).grant_type === "refresh_token"
          ? json(400, { error: "invalid_request", error_description: client.REFRESH_TOKEN_MISSING_DESCRIPTION })
          : json(200, tokens("guest", "guest-refresh"));
      }
      return call.headers.Authorization === "Bearer guest" ? json(200, { public: true }) : json(401, {});
    };
    await expect(client.apiRequest("/api/v1/carousels")).resolves.toEqual({ public: true });

    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("signedIn")).toBe("false");
    expect(localStorage.getItem("username")).toBeNull();
    expect(localStorage.getItem("favoriteDesignUuids")).toBeNull();
    expect(localStorage.getItem("refreshToken")).toBe("guest-refresh");
    expect(sessionStorage.getItem("accessToken")).toBe("guest");
  });

  it("keeps the session when a refresh fails for another reason (server down)", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "old");
    localStorage.setItem("refreshToken", "r1");
    localStorage.setItem("signedIn", "true");
    handler = (call) => (call.url === "/oauth/token" ? json(503, { error: "server_error" }) : json(401, {}));
    await expect(client.apiRequest("/api/v1/x")).rejects.toMatchObject({ status: 503 });
    expect(localStorage.getItem("signedIn")).toBe("true");
    expect(localStorage.getItem("refreshToken")).toBe("r1");
  });

  it("carries the server's error code, message and field details", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "t");
    handler = () =>
      json(422, {
        error: {
          code: "validation_failed",
          message: "The request body is invalid",
          details: [{ field: "user.email", message: "Email has already been taken" }],
        },
      });
    const error = await client.apiRequest("/api/v1/users", { method: "POST", body: {} }).catch((caught) => caught);
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "validation_failed",
      details: [{ field: "user.email", message: "Email has already been taken" }],
    });
  });
});

describe("sign-in and logout", () => {
  it("sends the guest's bearer token with the password grant and stores the session", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "guest");
    handler = () => json(200, tokens("user-access", "user-refresh"));
    const changes: string[] = [];
    client.onIdentityChanged((change) => changes.push(change));
    const received = await client.requestPasswordToken({ email: "ada@example.test", password: "Sturdy-pass1" });
    client.storeSignIn(received);
    expect(changes).toEqual(["customer"]);

    expect(calls[0]?.headers.Authorization).toBe("Bearer guest");
    expect(calls[0]?.body).toMatchObject({ grant_type: "password", email: "ada@example.test" });
    expect(sessionStorage.getItem("accessToken")).toBe("user-access");
    expect(localStorage.getItem("refreshToken")).toBe("user-refresh");
    expect(localStorage.getItem("signedIn")).toBe("true");
  });

  it("an unconfirmed account is a 400 whose body says so; nothing is stored", async () => {
    const client = await loadClient();
    handler = () => json(400, { error: "invalid_grant", error_description: "Confirm", message: "unconfirmed" });
    const error = await client.requestPasswordToken({ email: "a@b.test", password: "x" }).catch((caught) => caught);
    expect(error).toMatchObject({ status: 400, code: "invalid_grant", body: { message: "unconfirmed" } });
    expect(sessionStorage.getItem("accessToken")).toBeNull();
  });

  it("logout revokes the access token with the client credentials, clears storage and gets a guest token", async () => {
    const client = await loadClient();
    sessionStorage.setItem("accessToken", "user-access");
    localStorage.setItem("refreshToken", "user-refresh");
    localStorage.setItem("signedIn", "true");
    localStorage.setItem("uniqueUsername", "ada_l");
    handler = (call) => (call.url === "/oauth/revoke" ? json(200, {}) : json(200, tokens("guest", "guest-refresh")));
    const changes: string[] = [];
    client.onIdentityChanged((change) => changes.push(change));
    await client.signOut();
    // The new guest owns nothing yet: listeners (the cart count) start it empty.
    expect(changes).toEqual(["new-guest"]);

    expect(calls[0]).toMatchObject({
      url: "/oauth/revoke",
      body: { token: "user-access", client_id: "threadfolk-web" },
      headers: { username: "threadfolk-web" },
    });
    expect(localStorage.getItem("signedIn")).toBe("false");
    expect(localStorage.getItem("uniqueUsername")).toBeNull();
    expect(localStorage.getItem("refreshToken")).toBe("guest-refresh");
    expect(sessionStorage.getItem("accessToken")).toBe("guest");
  });
});
