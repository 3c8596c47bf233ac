import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type AddressToVerify, normalizeAddressLine } from "../../src/adapters/address/address.ts";
import { createLocalAddressVerifier } from "../../src/adapters/address/local-address.ts";
import { loadUpsContract } from "./ups-contract.ts";

/**
 * A local stand-in for UPS (tests only) that checks every request and every reply of its own against UPS's
 * published descriptions (OAuthClientCredentials.yaml and AddressValidation.yaml beside this file, MIT, see
 * LICENSE), read by ups-contract.ts with a YAML parser and Ajv: the token request's form body, the XAV path
 * and query parameters and body (required and bounded fields, no field the description does not name), and
 * each reply against the schema of its status; plus what the schemas cannot say (Basic credentials, the
 * bearer token, the "valid values" written in the descriptions' words). A refused request answers the
 * description's error shape with 400 or 401; a reply that breaks the description is recorded in
 * `invalidReplies`, which the suites expect empty. Answers are derived from the request, deterministically: the place is decided with the bundled ZIP
 * data (the stand-in knows the same places as the local verifier), streets are upper-cased as USPS writes
 * them, and each candidate gets a ZIP+4 computed from its street line, as a real carrier would add.
 */

export type UpsServerRequest = {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type LocalUpsServer = {
  /** For UPS_BASE_URL: http://127.0.0.1:<port>. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  received: UpsServerRequest[];
  /** Requests refused as malformed (each names the rule); a test expects none. */
  refusals: string[];
  /** Replies of this server that break UPS's description (each names the rule); a test expects none. */
  invalidReplies: string[];
  /** Seconds each issued token lives (`expires_in`). */
  tokenLifetimeSeconds: number;
  /** Delay before every answer (a slow carrier). */
  delayMs: number;
  /** When set, address validation answers this status with an error body (a failing carrier). */
  failStatus: number | undefined;
  /** Forget every issued token (UPS revoked them). */
  revokeTokens(): void;
  close(): Promise<void>;
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function errorBody(code: string, message: string) {
  return { response: { errors: [{ code, message }] } };
}

/** The body as JSON, or a refusal. */
function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(400, "250002", "Invalid JSON body");
  }
}

/** The "Valid values" the descriptions give in words (their schemas say only "a string", "an integer"). */
function checkDescribedValues(url: URL, version: string, option: string): number {
  if (version !== "v2") throw new Refusal(400, "250002", "Unsupported version");
  if (!/^[123]$/.test(option)) throw new Refusal(400, "250002", "Invalid request option");
  const regional = url.searchParams.get("regionalrequestindicator");
  if (regional !== null && !/^(true|false)$/i.test(regional)) {
    throw new Refusal(400, "250002", "regionalrequestindicator must be True or False");
  }
  const size = url.searchParams.get("maximumcandidatelistsize");
  if (size === null) return 15;
  if (Number(size) > 50) throw new Refusal(400, "250002", "maximumcandidatelistsize must be 0 to 50");
  return Number(size);
}

/** A ZIP+4 a carrier would know for this street in this ZIP: four digits from a hash, stable across runs. */
function zipExtensionOf(street: string, zip: string): string {
  const digest = createHash("sha256").update(`${street}|${zip}`).digest();
  return String(digest.readUInt16BE(0) % 10_000).padStart(4, "0");
}

export async function startUpsServer(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<LocalUpsServer> {
  const clientId = options.clientId ?? "local-ups-client";
  const clientSecret = options.clientSecret ?? "local-ups-secret";
  const tokens = new Map<string, number>();
  const places = createLocalAddressVerifier();
  const contract = loadUpsContract();

  const state: LocalUpsServer = {
    baseUrl: "",
    clientId,
    clientSecret,
    received: [],
    refusals: [],
    invalidReplies: [],
    tokenLifetimeSeconds: 14_399,
    delayMs: 0,
    failStatus: undefined,
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function issueToken(request: UpsServerRequest) {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      throw new Refusal(401, "10401", "ClientId is Invalid");
    }
    if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      throw new Refusal(400, "10400", "The body must be application/x-www-form-urlencoded");
    }
    const form = new URLSearchParams(request.body);
    const problems = contract.checkTokenRequest(form);
    if (problems.length > 0) throw new Refusal(400, "10400", `Invalid token request: ${problems.join("; ")}`);
    if (form.get("grant_type") !== "client_credentials") {
      throw new Refusal(400, "10400", "grant_type must be client_credentials");
    }
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, Date.now() + state.tokenLifetimeSeconds * 1000);
    return {
      token_type: "Bearer",
      issued_at: String(Date.now()),
      client_id: clientId,
      access_token: accessToken,
      scope: "",
      expires_in: String(state.tokenLifetimeSeconds),
      refresh_count: "0",
      status: "approved",
    };
  }

  async function validateAddress(request: UpsServerRequest, version: string, option: string) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt < Date.now()) throw new Refusal(401, "250003", "Invalid Access License");
    if (!request.headers["content-type"]?.startsWith("application/json")) {
      throw new Refusal(400, "250002", "The body must be application/json");
    }
    const body = parseJsonBody(request.body);
    const problems = contract.checkXavRequest({
      version,
      requestOption: option,
      query: request.url.searchParams,
      body,
    });
    if (problems.length > 0) throw new Refusal(400, "250002", `Invalid request: ${problems.join("; ")}`);
    const maximum = checkDescribedValues(request.url, version, option);
    const format = (body as { XAVRequest: { AddressKeyFormat: Record<string, unknown> } }).XAVRequest.AddressKeyFormat;
    const lines = format.AddressLine as string[] | undefined;
    const verification = await places.verify({
      address1: lines?.[0] ?? "",
      address2: lines?.[1] ?? "",
      city: String(format.PoliticalDivision2 ?? ""),
      state: String(format.PoliticalDivision1 ?? "") as AddressToVerify["state"],
      zip: String(format.PostcodePrimaryLow ?? ""),
    });
    const indicator =
      verification.result === "valid" || verification.result === "street_unconfirmed"
        ? { ValidAddressIndicator: "" }
        : verification.result === "ambiguous"
          ? { AmbiguousAddressIndicator: "" }
          : { NoCandidatesIndicator: "" };
    const secondLine = lines?.[1] ? [normalizeAddressLine(lines[1])] : [];
    const candidates = verification.candidates.slice(0, maximum).map((candidate) => {
      const extension = zipExtensionOf(candidate.addressLine, candidate.postcodePrimaryLow);
      return {
        AddressClassification: { Code: "0", Description: "UnClassified" },
        AddressKeyFormat: {
          AddressLine: [candidate.addressLine, ...secondLine],
          PoliticalDivision2: candidate.politicalDivision2,
          PoliticalDivision1: candidate.politicalDivision1,
          PostcodePrimaryLow: candidate.postcodePrimaryLow,
          PostcodeExtendedLow: extension,
          Region: `${candidate.politicalDivision2} ${candidate.politicalDivision1} ${candidate.postcodePrimaryLow}-${extension}`,
          CountryCode: "US",
        },
      };
    });
    return {
      XAVResponse: {
        Response: { ResponseStatus: { Code: "1", Description: "Success" } },
        ...indicator,
        ...(candidates.length > 0 ? { Candidate: candidates } : {}),
      },
    };
  }

  async function answer(request: UpsServerRequest): Promise<{ status: number; body: unknown }> {
    if (request.method !== "POST") throw new Refusal(405, "10405", "Only POST");
    if (request.url.pathname === "/security/v1/oauth/token") return { status: 200, body: issueToken(request) };
    const match = /^\/api\/addressvalidation\/([^/]+)\/([^/]+)$/.exec(request.url.pathname);
    if (!match) throw new Refusal(404, "10404", "No such resource");
    if (state.failStatus !== undefined) {
      return { status: state.failStatus, body: errorBody("9999", "The service is unavailable") };
    }
    return { status: 200, body: await validateAddress(request, match[1] as string, match[2] as string) };
  }

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: UpsServerRequest = {
        method: incoming.method ?? "",
        url: new URL(incoming.url ?? "/", "http://127.0.0.1"),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      state.received.push(request);
      const reply = (status: number, body: unknown) => {
        const isToken = request.url.pathname === "/security/v1/oauth/token";
        const problems = isToken ? contract.checkTokenReply(status, body) : contract.checkXavReply(status, body);
        for (const problem of problems) state.invalidReplies.push(`${request.url.pathname} ${status}: ${problem}`);
        const send = () => {
          if (response.destroyed) return;
          response.writeHead(status, { "content-type": "application/json" });
          response.end(JSON.stringify(body));
        };
        if (state.delayMs > 0) setTimeout(send, state.delayMs);
        else send();
      };
      answer(request).then(
        ({ status, body }) => reply(status, body),
        (error: unknown) => {
          if (!(error instanceof Refusal)) {
            reply(500, errorBody("9999", String(error)));
            return;
          }
          if (error.status === 400 || error.status === 404 || error.status === 405) {
            state.refusals.push(`${request.url.pathname}: ${error.message}`);
          }
          reply(error.status, errorBody(error.code, error.message));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
