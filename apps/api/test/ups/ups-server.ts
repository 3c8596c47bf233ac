import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type AddressToVerify, normalizeAddressLine } from "../../src/adapters/address/address.ts";
import { createLocalAddressVerifier } from "../../src/adapters/address/local-address.ts";

/**
 * A local stand-in for UPS (tests only) that checks every request against UPS's published descriptions
 * (OAuthClientCredentials.yaml and AddressValidation.yaml beside this file, MIT, see LICENSE): the token
 * request's Basic credentials, form body and grant type; the XAV path (version v2, request option 1-3), its
 * two query parameters and their values, the bearer token, the body's required and bounded fields, and no
 * fields the description does not name. A refused request answers the description's error shape with 400 or
 * 401. Answers are derived from the request, deterministically: the place is decided with the bundled ZIP
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

const REQUEST_FIELDS: Record<string, { maxLength: number }> = {
  ConsigneeName: { maxLength: 40 },
  AttentionName: { maxLength: 40 },
  Region: { maxLength: 100 },
  PoliticalDivision2: { maxLength: 30 },
  PoliticalDivision1: { maxLength: 30 },
  PostcodePrimaryLow: { maxLength: 10 },
  PostcodeExtendedLow: { maxLength: 10 },
  Urbanization: { maxLength: 30 },
  CountryCode: { maxLength: 2 },
};
const MAX_ADDRESS_LINES = 3;
const ADDRESS_LINE_MAX_LENGTH = 100;
const QUERY_PARAMETERS = new Set(["regionalrequestindicator", "maximumcandidatelistsize"]);

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

/** The request's AddressKeyFormat, checked against XAVRequest_AddressKeyFormat. */
function checkXavBody(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Refusal(400, "250002", "Invalid JSON body");
  }
  const wrapper = body as { XAVRequest?: { AddressKeyFormat?: Record<string, unknown> } } | null;
  const keys = Object.keys(wrapper ?? {});
  if (keys.length !== 1 || keys[0] !== "XAVRequest") throw new Refusal(400, "250002", "XAVRequest is required");
  const request = wrapper?.XAVRequest ?? {};
  const requestKeys = Object.keys(request);
  if (requestKeys.length !== 1 || requestKeys[0] !== "AddressKeyFormat") {
    throw new Refusal(400, "250002", "XAVRequest.AddressKeyFormat is required");
  }
  const format = request.AddressKeyFormat;
  if (typeof format !== "object" || format === null || Array.isArray(format)) {
    throw new Refusal(400, "250002", "AddressKeyFormat must be an object");
  }
  for (const [key, value] of Object.entries(format)) {
    if (key === "AddressLine") {
      const lines = value;
      if (!Array.isArray(lines) || lines.length < 1 || lines.length > MAX_ADDRESS_LINES) {
        throw new Refusal(400, "250002", "AddressLine must hold 1 to 3 lines");
      }
      for (const line of lines) {
        if (typeof line !== "string" || line.length < 1 || line.length > ADDRESS_LINE_MAX_LENGTH) {
          throw new Refusal(400, "250002", "An AddressLine must be 1 to 100 characters");
        }
      }
      continue;
    }
    const rule = REQUEST_FIELDS[key];
    if (!rule) throw new Refusal(400, "250002", `Unknown field ${key}`);
    if (typeof value !== "string" || value.length < 1 || value.length > rule.maxLength) {
      throw new Refusal(400, "250002", `${key} must be 1 to ${rule.maxLength} characters`);
    }
  }
  if (typeof format.CountryCode !== "string" || format.CountryCode.length !== 2) {
    throw new Refusal(400, "250002", "CountryCode is required");
  }
  return format;
}

function checkXavQuery(url: URL): number {
  for (const name of url.searchParams.keys()) {
    if (!QUERY_PARAMETERS.has(name)) throw new Refusal(400, "250002", `Unknown query parameter ${name}`);
  }
  const regional = url.searchParams.get("regionalrequestindicator");
  if (regional !== null && !/^(true|false)$/i.test(regional)) {
    throw new Refusal(400, "250002", "regionalrequestindicator must be True or False");
  }
  const size = url.searchParams.get("maximumcandidatelistsize");
  if (size === null) return 15;
  if (!/^\d+$/.test(size) || Number(size) > 50) {
    throw new Refusal(400, "250002", "maximumcandidatelistsize must be 0 to 50");
  }
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

  const state: LocalUpsServer = {
    baseUrl: "",
    clientId,
    clientSecret,
    received: [],
    refusals: [],
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
    if (version !== "v2") throw new Refusal(400, "250002", "Unsupported version");
    if (!/^[123]$/.test(option)) throw new Refusal(400, "250002", "Invalid request option");
    if (!request.headers["content-type"]?.startsWith("application/json")) {
      throw new Refusal(400, "250002", "The body must be application/json");
    }
    const maximum = checkXavQuery(request.url);
    const format = checkXavBody(request.body);
    const lines = format.AddressLine as string[] | undefined;
    const verification = await places.verify({
      address1: lines?.[0] ?? "",
      address2: lines?.[1] ?? "",
      city: String(format.PoliticalDivision2 ?? ""),
      state: String(format.PoliticalDivision1 ?? "") as AddressToVerify["state"],
      zip: String(format.PostcodePrimaryLow ?? ""),
    });
    const indicator =
      verification.result === "valid"
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
