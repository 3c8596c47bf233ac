import { describe, expect, it } from "vitest";
import { loadUpsContract } from "../../../test/ups/ups-contract.ts";

/**
 * The local UPS server's checks are UPS's published descriptions read by Ajv (decision 059): what fits them
 * passes, and a malformed request or reply fails, naming the rule it breaks.
 */
const contract = loadUpsContract();

const addressKeyFormat = {
  AddressLine: ["75 Rev Dr Martin Luther King Jr Blvd", "Room 130"],
  PoliticalDivision2: "St Paul",
  PoliticalDivision1: "MN",
  PostcodePrimaryLow: "55155",
  CountryCode: "US",
};

const xavRequest = (format: Record<string, unknown> = addressKeyFormat, query = "maximumcandidatelistsize=5") => ({
  version: "v2",
  requestOption: "1",
  query: new URLSearchParams(query),
  body: { XAVRequest: { AddressKeyFormat: format } },
});

const candidate = {
  AddressClassification: { Code: "0", Description: "UnClassified" },
  AddressKeyFormat: {
    AddressLine: ["75 REV DR MARTIN LUTHER KING JR BLVD"],
    PoliticalDivision2: "SAINT PAUL",
    PoliticalDivision1: "MN",
    PostcodePrimaryLow: "55155",
    PostcodeExtendedLow: "1606",
    Region: "SAINT PAUL MN 55155-1606",
    CountryCode: "US",
  },
};

const xavReply = (response: Record<string, unknown> = {}) => ({
  XAVResponse: {
    Response: { ResponseStatus: { Code: "1", Description: "Success" } },
    ValidAddressIndicator: "",
    Candidate: [candidate],
    ...response,
  },
});

describe("UPS Address Validation description", () => {
  it("passes the request the adapter sends and the reply the local server gives", () => {
    expect(contract.checkXavRequest(xavRequest())).toEqual([]);
    expect(contract.checkXavRequest(xavRequest(addressKeyFormat, "regionalrequestindicator=False"))).toEqual([]);
    expect(contract.checkXavReply(200, xavReply())).toEqual([]);
    expect(contract.checkXavReply(400, { response: { errors: [{ code: "250002", message: "Invalid" }] } })).toEqual([]);
  });

  it.each([
    ["no CountryCode", { ...addressKeyFormat, CountryCode: undefined }, /must have required property 'CountryCode'/],
    ["a field it does not name", { ...addressKeyFormat, Country: "USA" }, /additional properties \(Country\)/],
    ["a city of 31 characters", { ...addressKeyFormat, PoliticalDivision2: "X".repeat(31) }, /PoliticalDivision2/],
    [
      "four address lines",
      { ...addressKeyFormat, AddressLine: ["1", "2", "3", "4"] },
      /AddressLine must NOT have more than 3 items/,
    ],
    ["an address line of 101 characters", { ...addressKeyFormat, AddressLine: ["X".repeat(101)] }, /AddressLine\/0/],
    ["a number for a string", { ...addressKeyFormat, PostcodePrimaryLow: 55155 }, /PostcodePrimaryLow must be string/],
  ])("refuses a request with %s", (_name, format, problem) => {
    const problems = contract.checkXavRequest(xavRequest(format as Record<string, unknown>));
    expect(problems.join("\n")).toMatch(problem);
  });

  it("refuses a request without XAVRequest, an unknown query parameter, a request option that is no number", () => {
    expect(contract.checkXavRequest({ ...xavRequest(), body: { AddressKeyFormat: addressKeyFormat } })).not.toEqual([]);
    expect(contract.checkXavRequest(xavRequest(addressKeyFormat, "maxcandidates=5")).join()).toMatch(/maxcandidates/);
    expect(contract.checkXavRequest({ ...xavRequest(), requestOption: "one" }).join()).toMatch(/requestoption/);
  });

  it.each([
    ["without Response", { Response: undefined }, /must have required property 'Response'/],
    ["with an indicator that is no string", { ValidAddressIndicator: true }, /ValidAddressIndicator must be string/],
    ["with a field it does not name", { Confidence: "high" }, /additional properties \(Confidence\)/],
    [
      "with a candidate without CountryCode",
      { Candidate: [{ AddressKeyFormat: { ...candidate.AddressKeyFormat, CountryCode: undefined } }] },
      /Candidate\/0\/AddressKeyFormat must have required property 'CountryCode'/,
    ],
  ])("finds a malformed reply %s", (_name, response, problem) => {
    const body = JSON.parse(JSON.stringify(xavReply(response)));
    expect(contract.checkXavReply(200, body).join("\n")).toMatch(problem);
  });

  it("finds a malformed error reply", () => {
    expect(contract.checkXavReply(401, { response: { errors: { code: "250003" } } })).not.toEqual([]);
  });
});

describe("UPS OAuth client credentials description", () => {
  it("passes the token request and reply", () => {
    expect(contract.checkTokenRequest(new URLSearchParams({ grant_type: "client_credentials" }))).toEqual([]);
    expect(
      contract.checkTokenReply(200, {
        token_type: "Bearer",
        access_token: "abc",
        expires_in: "14399",
        status: "approved",
      }),
    ).toEqual([]);
  });

  it("refuses a token request without grant_type or with a field it does not name", () => {
    expect(contract.checkTokenRequest(new URLSearchParams({})).join()).toMatch(/grant_type/);
    expect(
      contract.checkTokenRequest(new URLSearchParams({ grant_type: "client_credentials", scope: "x" })).join(),
    ).toMatch(/scope/);
  });

  it("finds a token reply whose expiry is a number, not the described string", () => {
    expect(contract.checkTokenReply(200, { access_token: "abc", expires_in: 14_399 }).join()).toMatch(
      /expires_in must be string/,
    );
  });
});
