import type {
  AddressKeyFormat,
  AddressPart,
  AddressValidationQuery,
  AddressValidationResult,
  AddressVerificationProvider,
} from "@threadfolk/contract/address-validation";

/** The port of address verification (decision 013 shape, decision 022): the local ZIP data or UPS. */

/** A US shipping address as typed in (validated by the contract: state one of the 52, zip 12345[-6789]). */
export type AddressToVerify = AddressValidationQuery;

export type VerificationResult = {
  result: AddressValidationResult;
  /** At most MAX_ADDRESS_CANDIDATES, best first; one when `valid`, none when `no_candidates`. */
  candidates: AddressKeyFormat[];
  provider: AddressVerificationProvider;
};

export type AddressVerifier = {
  readonly name: "local" | "ups";
  /** Whether a verification may call an outside carrier (its quota and cost are ours): such checks are rate limited. */
  readonly callsCarrier: boolean;
  /** Never throws for a well-formed address: a verifier that cannot reach its service answers another way. */
  verify(input: AddressToVerify): Promise<VerificationResult>;
  /** Loads what the verifier needs now rather than on the first verification (called once the server listens). */
  warm?(): void;
};

/** "12345-6789" -> { zip: "12345", zipExtension: "6789" }. */
export function splitZip(zip: string): { zip: string; zipExtension: string } {
  const [primary = "", extension = ""] = zip.trim().split("-");
  return { zip: primary, zipExtension: extension };
}

/*
 * Normalising (shared by the implementations and the UPS test server).
 *
 * Street lines and city names written as USPS Publication 28 ("Postal Addressing Standards") writes them:
 * upper case, no punctuation but `#`, `-` and `/`, single spaces, and the standard abbreviations of street
 * suffixes (appendix C1), directionals and secondary unit designators (appendix C2), applied by position
 * so that a word which is the street's name stays whole ("100 NORTH ST", "1 AVENUE OF THE AMERICAS").
 */

/** Street suffixes, each spelling (full and common variants) -> the standard abbreviation. */
const STREET_SUFFIXES: Record<string, string> = {
  ALLEY: "ALY",
  ALLY: "ALY",
  ALY: "ALY",
  AVENUE: "AVE",
  AVEN: "AVE",
  AVENU: "AVE",
  AVN: "AVE",
  AVNUE: "AVE",
  AV: "AVE",
  AVE: "AVE",
  BEND: "BND",
  BND: "BND",
  BOULEVARD: "BLVD",
  BOUL: "BLVD",
  BOULV: "BLVD",
  BLVD: "BLVD",
  BRIDGE: "BRG",
  BRG: "BRG",
  BYPASS: "BYP",
  BYP: "BYP",
  CAUSEWAY: "CSWY",
  CSWY: "CSWY",
  CENTER: "CTR",
  CENTRE: "CTR",
  CTR: "CTR",
  CIRCLE: "CIR",
  CIRC: "CIR",
  CIR: "CIR",
  COURT: "CT",
  CRT: "CT",
  CT: "CT",
  COVE: "CV",
  CV: "CV",
  CREEK: "CRK",
  CRK: "CRK",
  CRESCENT: "CRES",
  CRES: "CRES",
  CROSSING: "XING",
  XING: "XING",
  DRIVE: "DR",
  DRIV: "DR",
  DRV: "DR",
  DR: "DR",
  EXPRESSWAY: "EXPY",
  EXPY: "EXPY",
  FREEWAY: "FWY",
  FWY: "FWY",
  GARDENS: "GDNS",
  GDNS: "GDNS",
  HEIGHTS: "HTS",
  HTS: "HTS",
  HIGHWAY: "HWY",
  HIWAY: "HWY",
  HWY: "HWY",
  HILL: "HL",
  HL: "HL",
  HOLLOW: "HOLW",
  HOLW: "HOLW",
  JUNCTION: "JCT",
  JCT: "JCT",
  LANE: "LN",
  LN: "LN",
  LOOP: "LOOP",
  MALL: "MALL",
  MANOR: "MNR",
  MNR: "MNR",
  MEADOWS: "MDWS",
  MDWS: "MDWS",
  MOTORWAY: "MTWY",
  MTWY: "MTWY",
  PARK: "PARK",
  PARKWAY: "PKWY",
  PARKWY: "PKWY",
  PKWY: "PKWY",
  PASS: "PASS",
  PATH: "PATH",
  PIKE: "PIKE",
  PLACE: "PL",
  PL: "PL",
  PLAZA: "PLZ",
  PLZ: "PLZ",
  POINT: "PT",
  PT: "PT",
  RIDGE: "RDG",
  RDG: "RDG",
  ROAD: "RD",
  RD: "RD",
  ROUTE: "RTE",
  RTE: "RTE",
  ROW: "ROW",
  RUN: "RUN",
  SQUARE: "SQ",
  SQR: "SQ",
  SQ: "SQ",
  STREET: "ST",
  STR: "ST",
  STRT: "ST",
  ST: "ST",
  TERRACE: "TER",
  TERR: "TER",
  TER: "TER",
  TRACE: "TRCE",
  TRCE: "TRCE",
  TRAIL: "TRL",
  TRL: "TRL",
  TURNPIKE: "TPKE",
  TPKE: "TPKE",
  VIEW: "VW",
  VW: "VW",
  VILLAGE: "VLG",
  VLG: "VLG",
  WALK: "WALK",
  WAY: "WAY",
};

const DIRECTIONALS: Record<string, string> = {
  NORTH: "N",
  SOUTH: "S",
  EAST: "E",
  WEST: "W",
  NORTHEAST: "NE",
  NORTHWEST: "NW",
  SOUTHEAST: "SE",
  SOUTHWEST: "SW",
  N: "N",
  S: "S",
  E: "E",
  W: "W",
  NE: "NE",
  NW: "NW",
  SE: "SE",
  SW: "SW",
};

/** Secondary unit designators that are followed by a number or letter ("APT 4B"). */
const RANGED_UNITS: Record<string, string> = {
  APARTMENT: "APT",
  APT: "APT",
  BUILDING: "BLDG",
  BLDG: "BLDG",
  DEPARTMENT: "DEPT",
  DEPT: "DEPT",
  FLOOR: "FL",
  FL: "FL",
  HANGAR: "HNGR",
  HNGR: "HNGR",
  LOT: "LOT",
  PIER: "PIER",
  ROOM: "RM",
  RM: "RM",
  SLIP: "SLIP",
  SPACE: "SPC",
  SPC: "SPC",
  STOP: "STOP",
  SUITE: "STE",
  STE: "STE",
  TRAILER: "TRLR",
  TRLR: "TRLR",
  UNIT: "UNIT",
  "#": "#",
};

/** Designators that stand alone ("REAR"); only taken as a unit at the end of the line, after the street. */
const UNRANGED_UNITS: Record<string, string> = {
  BASEMENT: "BSMT",
  BSMT: "BSMT",
  FRONT: "FRNT",
  FRNT: "FRNT",
  LOBBY: "LBBY",
  LBBY: "LBBY",
  LOWER: "LOWR",
  LOWR: "LOWR",
  OFFICE: "OFC",
  OFC: "OFC",
  PENTHOUSE: "PH",
  PH: "PH",
  REAR: "REAR",
  SIDE: "SIDE",
  UPPER: "UPPR",
  UPPR: "UPPR",
};

/** Upper case, punctuation other than `#`, `-` and `/` dropped (periods and commas become spaces), single spaces. */
export function toPostalWords(text: string): string[] {
  return (
    text
      .toUpperCase()
      // Initials lose their periods ("N.W." -> "NW"); other punctuation separates words ("ST.PAUL").
      .replace(/(?<=\b[A-Z])\.(?=[A-Z]\b)/g, "")
      .replace(/[.,;:]/g, " ")
      .replace(/[^A-Z0-9#/\- ]/g, "")
      .replace(/#(?=\S)/g, "# ")
      .split(/\s+/)
      .filter(Boolean)
  );
}

/** Splits the words into the street part and the secondary unit part (the first unit designator after the street). */
function splitUnit(words: string[]): { street: string[]; unit: string[] } {
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] as string;
    if (RANGED_UNITS[word] !== undefined && index + 1 < words.length) {
      return { street: words.slice(0, index), unit: words.slice(index) };
    }
    const isLast = index === words.length - 1;
    const previous = words[index - 1] as string;
    if (isLast && UNRANGED_UNITS[word] !== undefined && index >= 2 && STREET_SUFFIXES[previous] !== undefined) {
      return { street: words.slice(0, index), unit: words.slice(index) };
    }
  }
  return { street: words, unit: [] };
}

function normalizeStreet(words: string[]): string[] {
  const street = [...words];
  const hasNumber = street.length > 0 && /\d/.test(street[0] as string);
  const firstName = hasNumber ? 1 : 0;
  // Post-directional: a directional last, after at least a name and a suffix or another word.
  let end = street.length;
  const last = street[end - 1];
  if (last !== undefined && DIRECTIONALS[last] !== undefined && end - firstName >= 3) {
    street[end - 1] = DIRECTIONALS[last] as string;
    end -= 1;
  }
  // Suffix: the last word of the street name, when a name precedes it.
  const suffix = street[end - 1];
  let nameEnd = end;
  if (suffix !== undefined && STREET_SUFFIXES[suffix] !== undefined && end - 1 > firstName) {
    street[end - 1] = STREET_SUFFIXES[suffix] as string;
    nameEnd = end - 1;
  }
  // Pre-directional: right after the house number, when a name word follows it (else it is the name).
  const first = street[firstName];
  if (first !== undefined && DIRECTIONALS[first] !== undefined && nameEnd - firstName >= 2) {
    street[firstName] = DIRECTIONALS[first] as string;
  }
  return street;
}

function normalizeUnit(words: string[]): string[] {
  if (words.length === 0) return words;
  const [designator = "", ...rest] = words;
  const standard = RANGED_UNITS[designator] ?? UNRANGED_UNITS[designator] ?? designator;
  // "APT # 5" -> "APT 5": the sign only stands in for a designator.
  const range = standard !== "#" && rest[0] === "#" ? rest.slice(1) : rest;
  return [standard, ...range];
}

/** A street line (address1 or address2) in Publication 28 form: "100 north main street apt. 4" -> "100 N MAIN ST APT 4". */
export function normalizeAddressLine(line: string): string {
  const { street, unit } = splitUnit(toPostalWords(line));
  return [...normalizeStreet(street), ...normalizeUnit(unit)].join(" ");
}

/** A city as the ZIP data and the carrier write it: upper case, single spaces ("st. paul" -> "ST PAUL"). */
export function normalizeCityName(city: string): string {
  return toPostalWords(city).join(" ");
}

/** Shortened leading words a city may be typed with; compared in this form only, never shown. */
const CITY_WORD_FORMS: Record<string, string> = {
  SAINT: "ST",
  STE: "SAINTE",
  FORT: "FT",
  MOUNT: "MT",
  MOUNTAIN: "MTN",
  PORT: "PT",
};

/**
 * The key two spellings of one city share: Publication 28 words with 'Saint'/'St', 'Fort'/'Ft' and
 * 'Mount'/'Mt' made one, hyphens and spaces ignored ("St. Paul", "saint  paul" -> "STPAUL").
 */
export function cityMatchKey(city: string): string {
  return toPostalWords(city.replace(/-/g, " "))
    .map((word) => CITY_WORD_FORMS[word] ?? word)
    .join("");
}

/**
 * What a suggestion changes of the address as typed, beyond spelling (decision 059): the street when its
 * Publication 28 form differs, the city when its match key differs, the state, the ZIP's five digits.
 */
export function changesOf(typed: AddressToVerify, candidate: AddressKeyFormat): AddressPart[] {
  const changes: AddressPart[] = [];
  if (normalizeAddressLine(typed.address1) !== normalizeAddressLine(candidate.addressLine)) changes.push("street");
  if (cityMatchKey(typed.city) !== cityMatchKey(candidate.politicalDivision2)) changes.push("city");
  if (typed.state !== candidate.politicalDivision1) changes.push("state");
  if (splitZip(typed.zip).zip !== candidate.postcodePrimaryLow) changes.push("zip");
  return changes;
}
