import type { TestResponse, TestServer } from "./test-server.ts";

/** The web client's credentials as the test server knows them. */
export function clientCredentials(server: TestServer) {
  return { client_id: server.config.OAUTH_CLIENT_ID, client_secret: server.config.OAUTH_CLIENT_SECRET };
}

/** `POST /oauth/token` with the web client's credentials added to `parameters`. */
export function requestToken(
  server: TestServer,
  parameters: Record<string, unknown>,
  init: { token?: string; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  return server.request("/oauth/token", {
    method: "POST",
    body: { ...clientCredentials(server), ...parameters },
    ...init,
  });
}

/** A new guest's token response (password grant with guest=true). */
export async function obtainGuestTokens(server: TestServer) {
  const response = await requestToken(server, { grant_type: "password", guest: true });
  if (response.status !== 200) throw new Error(`guest token failed: ${response.status} ${response.text}`);
  return response.body as { access_token: string; refresh_token: string };
}

/** Signs in and returns the token response body; throws when sign-in fails. */
export async function signIn(
  server: TestServer,
  email: string,
  password: string,
  guestToken?: string,
  init: { headers?: Record<string, string> } = {},
) {
  const response = await requestToken(
    server,
    { grant_type: "password", email, password },
    guestToken ? { ...init, token: guestToken } : init,
  );
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return response.body as { access_token: string; refresh_token: string };
}
