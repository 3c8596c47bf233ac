import { createRequire } from "node:module";
import {
  type AddressKeyFormat,
  formatAddressRegion,
  MAX_ADDRESS_CANDIDATES,
} from "@threadfolk/contract/address-validation";
import { COUNTRY_CODE, MILITARY_CITIES, MILITARY_STATES } from "@threadfolk/contract/states";
import {
  type AddressToVerify,
  type AddressVerifier,
  cityMatchKey,
  normalizeAddressLine,
  normalizeCityName,
  splitZip,
  type VerificationResult,
} from "./address.ts";

/**
 * The offline verifier (decision 022): the US ZIP codes of the `zipcodes` package (BSD licence, Dav Glass;
 * about 42,000 ZIPs with one place name and state each). It checks what that data can tell: the ZIP exists,
 * lies in the given state, and the city is the ZIP's place name. It cannot tell whether the street or the
 * house exists; the dialog's notice says so (ADDRESS_VERIFICATION_NOTICE.local).
 */

/** One ZIP code of the data. */
export type ZipPlace = { zip: string; city: string; state: string };

type ZipIndex = {
  byZip: Map<string, ZipPlace>;
  /** `${state}:${cityMatchKey(city)}` -> the place's ZIPs, ascending. */
  byCity: Map<string, ZipPlace[]>;
};

type ZipcodesData = { codes: Record<string, { zip: string; city: string; state: string }> };

/** Reads the package's data file (about 5 MB of JavaScript) and indexes it; once per process, on first use. */
export function loadZipPlaces(): ZipPlace[] {
  const require = createRequire(import.meta.url);
  const data = require("zipcodes/lib/codes.js") as ZipcodesData;
  return Object.values(data.codes).map(({ zip, city, state }) => ({ zip, city: normalizeCityName(city), state }));
}

function buildIndex(places: ZipPlace[]): ZipIndex {
  const byZip = new Map<string, ZipPlace>();
  const byCity = new Map<string, ZipPlace[]>();
  for (const place of places) {
    byZip.set(place.zip, place);
    const key = `${place.state}:${cityMatchKey(place.city)}`;
    const list = byCity.get(key);
    if (list) list.push(place);
    else byCity.set(key, [place]);
  }
  for (const list of byCity.values()) list.sort((a, b) => a.zip.localeCompare(b.zip));
  return { byZip, byCity };
}

let sharedIndex: ZipIndex | undefined;

function candidateOf(addressLine: string, place: ZipPlace, zipExtension: string): AddressKeyFormat {
  return {
    addressLine,
    politicalDivision2: place.city,
    politicalDivision1: place.state,
    postcodePrimaryLow: place.zip,
    postcodeExtendedLow: zipExtension,
    region: formatAddressRegion({ city: place.city, state: place.state, zip: place.zip, zipExtension }),
    countryCode: COUNTRY_CODE,
  };
}

/** The city's ZIPs nearest to the one typed first (a typo in the last digits finds its neighbours). */
function nearestZips(places: ZipPlace[], typedZip: string, count: number): ZipPlace[] {
  const typed = Number(typedZip);
  return [...places]
    .sort((a, b) => Math.abs(Number(a.zip) - typed) - Math.abs(Number(b.zip) - typed) || a.zip.localeCompare(b.zip))
    .slice(0, count);
}

/**
 * Verifies against the bundled ZIP data. `places` replaces the data (tests); by default the package's data is
 * loaded and indexed once per process, on the first verification (about 0.2 s), then each check is a few
 * Map lookups.
 */
export function createLocalAddressVerifier(options: { places?: ZipPlace[] } = {}): AddressVerifier & {
  /** Loads the data now instead of on the first verification (start-up). */
  warm(): void;
} {
  let ownIndex: ZipIndex | undefined = options.places ? buildIndex(options.places) : undefined;
  const index = (): ZipIndex => {
    if (ownIndex) return ownIndex;
    sharedIndex ??= buildIndex(loadZipPlaces());
    ownIndex = sharedIndex;
    return ownIndex;
  };
  return {
    name: "local",
    callsCarrier: false,
    warm() {
      index();
    },
    async verify(input: AddressToVerify): Promise<VerificationResult> {
      return verifyWithIndex(index(), input);
    },
  };
}

const militaryStates: ReadonlySet<string> = new Set(MILITARY_STATES);
const militaryCities: ReadonlySet<string> = new Set(MILITARY_CITIES);

/**
 * The place as the shopper may name it: a military ZIP (AA, AE, AP) is one post office the data names APO or
 * DPO, and the shopper's APO, FPO or DPO is taken as written (the data has one name per ZIP).
 */
function placeAsTyped(place: ZipPlace, input: AddressToVerify): ZipPlace | undefined {
  if (place.state !== input.state) return undefined;
  if (cityMatchKey(place.city) === cityMatchKey(input.city)) return place;
  const typedCity = normalizeCityName(input.city);
  if (militaryStates.has(place.state) && militaryCities.has(typedCity)) return { ...place, city: typedCity };
  return undefined;
}

function verifyWithIndex(index: ZipIndex, input: AddressToVerify): VerificationResult {
  const addressLine = normalizeAddressLine(input.address1);
  const { zip, zipExtension } = splitZip(input.zip);
  const cityKey = cityMatchKey(input.city);
  const place = index.byZip.get(zip);
  const typedPlace = place && placeAsTyped(place, input);
  // The ZIP data knows places, not streets: the street is never called confirmed (decision 059).
  if (typedPlace) {
    return {
      result: "street_unconfirmed",
      candidates: [candidateOf(addressLine, typedPlace, zipExtension)],
      provider: "local",
    };
  }
  const candidates: AddressKeyFormat[] = [];
  // The ZIP is right and the city or state is not: the ZIP's own place (the ZIP+4 still belongs to it).
  if (place) candidates.push(candidateOf(addressLine, place, zipExtension));
  // The city and state are right and the ZIP is not: that city's ZIPs, nearest to the one typed.
  const cityPlaces = index.byCity.get(`${input.state}:${cityKey}`) ?? [];
  for (const cityPlace of nearestZips(cityPlaces, zip, MAX_ADDRESS_CANDIDATES - candidates.length)) {
    candidates.push(candidateOf(addressLine, cityPlace, ""));
  }
  return {
    result: candidates.length > 0 ? "ambiguous" : "no_candidates",
    candidates,
    provider: "local",
  };
}
