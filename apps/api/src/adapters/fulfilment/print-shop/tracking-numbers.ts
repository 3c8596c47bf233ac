import { randomInt } from "node:crypto";
import type { Carrier } from "../fulfilment.ts";

/**
 * Tracking numbers in each carrier's published format, with its check digit, and each carrier's public tracking
 * page (issue 27). The local print shop makes them; a real provider reports the carrier's own.
 */

const digits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join("");
const ALPHANUMERIC = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";

/** The value of a character in UPS's check digit: a digit itself, a letter (its code - 63) mod 10. */
function upsValue(character: string): number {
  return /\d/.test(character) ? Number(character) : (character.charCodeAt(0) - 63) % 10;
}

/** UPS's check digit of the 15 characters after '1Z': odd positions once, even positions twice, mod 10. */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) sum += upsValue(body[index] ?? "0") * (index % 2 === 1 ? 2 : 1);
  return (10 - (sum % 10)) % 10;
}

/** USPS Intelligent Mail package barcode (22 digits): weights 3 and 1 from the right, mod 10. */
export function uspsCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const fromRight = body.length - 1 - index;
    sum += Number(body[index]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** FedEx Express (12 digits): weights 1, 3, 7 from the right over the first 11, mod 11, mod 10. */
export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const fromRight = body.length - 1 - index;
    sum += Number(body[index]) * (weights[fromRight % 3] ?? 1);
  }
  return (sum % 11) % 10;
}

/** A new tracking number of `carrier`, valid by its check digit. */
export function newTrackingNumber(carrier: Carrier): string {
  if (carrier === "UPS") {
    const shipper = Array.from({ length: 6 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");
    // '03' is UPS Ground's service code; 7 digits name the package.
    const body = `${shipper}03${digits(7)}`;
    return `1Z${body}${upsCheckDigit(body)}`;
  }
  if (carrier === "USPS") {
    const body = `94001${digits(16)}`;
    return `${body}${uspsCheckDigit(body)}`;
  }
  if (carrier === "FedEx") {
    const body = `7${digits(10)}`;
    return `${body}${fedexCheckDigit(body)}`;
  }
  return digits(10);
}

/** Whether `trackingNumber` is well formed for `carrier` (its check digit included). */
export function isValidTrackingNumber(carrier: Carrier, trackingNumber: string): boolean {
  if (carrier === "UPS") {
    const match = /^1Z([0-9A-Z]{15})(\d)$/.exec(trackingNumber);
    return Boolean(match?.[1] && Number(match[2]) === upsCheckDigit(match[1]));
  }
  if (carrier === "USPS") {
    const match = /^(\d{21})(\d)$/.exec(trackingNumber);
    return Boolean(match?.[1] && Number(match[2]) === uspsCheckDigit(match[1]));
  }
  if (carrier === "FedEx") {
    const match = /^(\d{11})(\d)$/.exec(trackingNumber);
    return Boolean(match?.[1] && Number(match[2]) === fedexCheckDigit(match[1]));
  }
  return /^\d{10}$/.test(trackingNumber);
}

/** The carrier's public tracking page of a parcel. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  const number = encodeURIComponent(trackingNumber);
  if (carrier === "UPS") return `https://www.ups.com/track?tracknum=${number}`;
  if (carrier === "USPS") return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
  if (carrier === "FedEx") return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
  return `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${number}`;
}
