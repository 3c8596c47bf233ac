import {
  type AddressKeyFormat,
  formatAddressRegion,
  MAX_ADDRESS_CANDIDATES,
} from "@threadfolk/contract/address-validation";
import { COUNTRY_CODE } from "@threadfolk/contract/states";
import { z } from "zod";
import { type AddressToVerify, type AddressVerifier, splitZip, type VerificationResult } from "./address.ts";

/**
 * UPS Address Validation - Street Level (XAV), `requestoption` 1, after an OAuth client-credentials token
 * (UPS's published OpenAPI descriptions, MIT; copied with their licence to apps/api/test/ups). A carrier that is
 * slower than `timeoutMs` or fails in any way is replaced by `fallback` (the local ZIP data) for that request,
 * answered with provider 'local_fallback': checkout never waits on or breaks with the carrier (decision 022).
 */

export const UPS_DEFAULT_BASE_URL = "https://onlinetools.ups.com";
export const UPS_TOKEN_PATH = "/security/v1/oauth/token";
export const UPS_XAV_PATH = "/api/addressvalidation/v2/1";
/** A token is renewed this long before UPS says it expires (clock skew, requests in flight). */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.string(), z.number()]).optional(),
});

const candidateSchema = z.object({
  AddressKeyFormat: z.object({
    AddressLine: z.union([z.array(z.string()), z.string()]).optional(),
    PoliticalDivision2: z.string().optional(),
    PoliticalDivision1: z.string().optional(),
    PostcodePrimaryLow: z.string().optional(),
    PostcodeExtendedLow: z.string().optional(),
    Region: z.string().optional(),
    CountryCode: z.string(),
  }),
});

const xavResponseSchema = z.object({
  XAVResponse: z.object({
    Response: z.object({ ResponseStatus: z.object({ Code: z.string() }) }),
    ValidAddressIndicator: z.string().optional(),
    AmbiguousAddressIndicator: z.string().optional(),
    NoCandidatesIndicator: z.string().optional(),
    Candidate: z.array(candidateSchema).optional(),
  }),
});

/** The XAV request for one address: street lines, city, state, ZIP (and ZIP+4 when given), US. */
export function buildXavRequest(input: AddressToVerify) {
  const { zip, zipExtension } = splitZip(input.zip);
  return {
    XAVRequest: {
      AddressKeyFormat: {
        AddressLine: [input.address1, input.address2].filter((line) => line.trim() !== ""),
        PoliticalDivision2: input.city.slice(0, 30),
        PoliticalDivision1: input.state,
        PostcodePrimaryLow: zip,
        ...(zipExtension ? { PostcodeExtendedLow: zipExtension } : {}),
        CountryCode: COUNTRY_CODE,
      },
    },
  };
}

function toCandidate(candidate: z.infer<typeof candidateSchema>): AddressKeyFormat {
  const format = candidate.AddressKeyFormat;
  const lines = Array.isArray(format.AddressLine) ? format.AddressLine : [format.AddressLine ?? ""];
  const city = format.PoliticalDivision2 ?? "";
  const state = format.PoliticalDivision1 ?? "";
  const zip = format.PostcodePrimaryLow ?? "";
  const zipExtension = format.PostcodeExtendedLow ?? "";
  return {
    // The first line is the street; a second line is the unit the shopper typed, which the dialog shows as typed.
    addressLine: (lines[0] ?? "").slice(0, 100),
    politicalDivision2: city.slice(0, 100),
    politicalDivision1: state.slice(0, 2),
    postcodePrimaryLow: zip.slice(0, 5),
    postcodeExtendedLow: zipExtension.slice(0, 4),
    region: (format.Region ?? formatAddressRegion({ city, state, zip, zipExtension })).slice(0, 200),
    countryCode: format.CountryCode.slice(0, 2),
  };
}

/** Maps an XAV answer: the indicator decides the result, at most MAX_ADDRESS_CANDIDATES candidates. */
export function mapXavResponse(body: unknown): Omit<VerificationResult, "provider"> {
  const { XAVResponse: response } = xavResponseSchema.parse(body);
  if (response.Response.ResponseStatus.Code !== "1") throw new Error("UPS answered a failure status");
  const candidates = (response.Candidate ?? []).slice(0, MAX_ADDRESS_CANDIDATES).map(toCandidate);
  if (response.NoCandidatesIndicator !== undefined || candidates.length === 0) {
    return { result: "no_candidates", candidates: [] };
  }
  if (response.ValidAddressIndicator !== undefined) return { result: "valid", candidates: candidates.slice(0, 1) };
  if (response.AmbiguousAddressIndicator !== undefined) return { result: "ambiguous", candidates };
  throw new Error("UPS answered without an address indicator");
}

export type UpsAddressVerifierOptions = {
  /** Scheme and host, e.g. https://onlinetools.ups.com (production) or https://wwwcie.ups.com (testing). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The longest the carrier may take for one verification, token included (UPS_TIMEOUT_MS, 2 s). */
  timeoutMs: number;
  /** Answers when UPS is slow or fails. */
  fallback: AddressVerifier;
  /** Told why the fallback answered (the log). */
  onFallback?: (error: unknown) => void;
  now?: () => number;
};

export function createUpsAddressVerifier(options: UpsAddressVerifierOptions): AddressVerifier {
  const { clientId, clientSecret, timeoutMs, fallback } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const now = options.now ?? Date.now;
  let token: { value: string; renewAt: number } | undefined;
  /** One token request at a time; concurrent verifications wait for it. */
  let pendingToken: Promise<string> | undefined;

  async function requestToken(signal: AbortSignal): Promise<string> {
    const response = await fetch(`${baseUrl}${UPS_TOKEN_PATH}`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
      signal,
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new Error(`UPS token request answered ${response.status}`);
    const parsed = tokenResponseSchema.parse(body);
    const lifetimeSeconds = Number(parsed.expires_in ?? 0);
    const lifetimeMs = Number.isFinite(lifetimeSeconds) ? lifetimeSeconds * 1000 : 0;
    token = { value: parsed.access_token, renewAt: now() + Math.max(0, lifetimeMs - TOKEN_RENEWAL_MARGIN_MS) };
    return parsed.access_token;
  }

  function accessToken(signal: AbortSignal): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= requestToken(signal).finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function verifyWithUps(input: AddressToVerify, signal: AbortSignal): Promise<VerificationResult> {
    const bearer = await accessToken(signal);
    const url = new URL(`${baseUrl}${UPS_XAV_PATH}`);
    url.searchParams.set("regionalrequestindicator", "False");
    url.searchParams.set("maximumcandidatelistsize", String(MAX_ADDRESS_CANDIDATES));
    const response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${bearer}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(buildXavRequest(input)),
      signal,
    });
    const body: unknown = await response.json().catch(() => undefined);
    // A refused token is forgotten, so the next verification asks for a new one.
    if (response.status === 401) token = undefined;
    if (!response.ok) throw new Error(`UPS address validation answered ${response.status}`);
    return { ...mapXavResponse(body), provider: "ups" };
  }

  return {
    name: "ups",
    callsCarrier: true,
    // The fallback must answer at once when UPS does not.
    warm: () => fallback.warm?.(),
    async verify(input) {
      try {
        return await verifyWithUps(input, AbortSignal.timeout(timeoutMs));
      } catch (error) {
        options.onFallback?.(error);
        const local = await fallback.verify(input);
        return { ...local, provider: "local_fallback" };
      }
    },
  };
}
