import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestToken } from "../../test/oauth-client.ts";
import { deliverAndReadLatestEmail, temporaryDataDir, tokenFromLink } from "../../test/outbox.ts";
import { createTestDatabase, openSecondConnection } from "../../test/test-database.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import type { DatabaseHandle } from "../db/client.ts";

let database: DatabaseHandle;
let secondConnection: DatabaseHandle;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  secondConnection = await openSecondConnection(database);
  first = await getTestServer({ database, env: { DATA_DIR: temporaryDataDir() } });
  second = await getTestServer({ database: secondConnection, env: { DATA_DIR: temporaryDataDir() } });
});

afterAll(async () => {
  await first.close();
  await second.close();
  await secondConnection.close();
  await database.close();
});

describe("two app instances on one database", () => {
  it("serve the same data: an account made on one signs in and is recognised on the other", async () => {
    const email = `twin-${Date.now()}@example.com`;
    const signUp = await first.request("/api/v1/users", {
      method: "POST",
      body: {
        user: {
          email,
          password: "twin-password",
          confirm_password: "twin-password",
          first_name: "Grace",
          last_name: "Hopper",
          username: `twin${Date.now() % 100000}`,
        },
      },
    });
    expect(signUp.status).toBe(201);

    const message = await deliverAndReadLatestEmail(first, email);
    const confirm = await second.request("/api/v1/users/confirm_email", {
      method: "POST",
      body: { user: { email_confirmation_token: tokenFromLink(message, "/confirm-email/") } },
    });
    expect(confirm.status).toBe(200);

    const tokens = await requestToken(second, { grant_type: "password", email, password: "twin-password" });
    expect(tokens.status).toBe(200);
    // A token issued by the second instance is honoured by the first: no session lives in process memory.
    const info = await first.request("/api/v1/user_info", { token: tokens.body.access_token });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe(email);
  });
});
