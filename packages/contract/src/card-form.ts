import { z } from "zod";
import type { PaymentMethod } from "./orders.ts";
import { textSchema } from "./text.ts";
import { MESSAGES } from "./validation.ts";

/**
 * The payment step's card fields (spec sections 2, 5 and 9): what the shopper may type and the messages under
 * each field. These are the spec's form rules only; whether the card is good (Luhn, a real month not yet over,
 * the CVC length for its brand) is the processor's answer (`card-rules.ts`), given back as a decline.
 */

/** Spec 5 and 9: the card number is exactly 16 digits, and its input takes at most 16 characters. */
export const CARD_NUMBER_LENGTH = 16;
/** Spec 9: the expiry is 4 characters, MMYY. */
export const EXPIRATION_DATE_LENGTH = 4;
/** Spec 2: the expiry's example, shown as its placeholder (July 2028). */
export const EXPIRATION_DATE_EXAMPLE = "0728";
/** Spec 9: the CVV input takes at most 4 characters (3 on most cards, 4 on American Express). */
export const CVC_MAX_LENGTH = 4;
/** Spec 4 and 9: typing more than this many characters of a card number records 'Add Payment Info' once. */
export const ADD_PAYMENT_INFO_AFTER_CHARACTERS = 15;

/**
 * Spec 9: the method the payment step starts with: visa (the card fields), but paypal on the phone layout,
 * where a wallet spares typing a card number on a small keyboard.
 */
export function defaultPaymentMethod(layout: "desktop" | "phone"): PaymentMethod {
  return layout === "phone" ? "paypal" : "visa";
}

/** The card fields as typed (digits only), checked on every change; one message per field at a time. */
export const cardFormSchema = z.strictObject({
  creditCardNumber: textSchema({
    maxLength: CARD_NUMBER_LENGTH,
    error: MESSAGES.cardNumberRequired,
    tooLong: MESSAGES.cardNumberLength,
  })
    .min(1, { message: MESSAGES.cardNumberRequired, abort: true })
    .regex(/^\d{16}$/, MESSAGES.cardNumberLength),
  expirationDate: textSchema({
    maxLength: EXPIRATION_DATE_LENGTH,
    error: MESSAGES.expirationRequired,
    tooLong: MESSAGES.expirationLength,
  })
    .min(1, { message: MESSAGES.expirationRequired, abort: true })
    .regex(/^\d{4}$/, MESSAGES.expirationLength),
  cvc: textSchema({ maxLength: CVC_MAX_LENGTH, error: MESSAGES.cvcRequired, tooLong: MESSAGES.cvcLength })
    .min(1, { message: MESSAGES.cvcRequired, abort: true })
    .regex(/^\d{3,4}$/, MESSAGES.cvcLength),
});
export type CardFormValues = z.input<typeof cardFormSchema>;
