import { z } from "zod";
import { ADDRESS_LINE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, TOKEN_MAX_LENGTH } from "./limits.ts";
import { STATE_ABBREVIATIONS } from "./states.ts";
import { textSchema } from "./text.ts";

/** Validation messages of spec section 5, verbatim, plus the ones the spec leaves unnamed. */
export const MESSAGES = {
  firstNameRequired: "First Name is required",
  lastNameRequired: "Last Name is required",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipFormat: "Must be 5 or 9 digits",
  zipFormatExample: "Must be 5 or 9 digits 00000-1111",
  billingZipRequired: "Zip Code is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailLength: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  firstNameLength: `First Name must be at most ${NAME_MAX_LENGTH} characters`,
  lastNameLength: `Last Name must be at most ${NAME_MAX_LENGTH} characters`,
  addressLength: `Address must be at most ${ADDRESS_LINE_MAX_LENGTH} characters`,
  cityLength: `City must be at most ${ADDRESS_LINE_MAX_LENGTH} characters`,
  cardNumberLength: "Must be 16 digits",
  cardNumberRequired: "Credit Card Number is required",
  expirationLength: "Must be 4 digits",
  expirationRequired: "Expiration Date is required",
  cvcLength: "Must be 3 to 4 digits",
  cvcRequired: "CVV is required",
  paymentMethodRequired: "Payment method is required",
  passwordRequired: "Password is required",
  passwordLength: "Password must be 8 to 20 characters",
  confirmPasswordMismatch: "Passwords must match",
  usernameRequired: "Username is required",
  usernameLength: "Username must be 5 to 20 characters",
  usernameCharacters: "Username may only use letters, digits, _ or -",
  collectionNameRequired: "Collection Name is required",
  collectionNameLength: "Collection Name must be at most 60 characters",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const USERNAME_MIN_LENGTH = 5;
export const USERNAME_MAX_LENGTH = 20;
export const COLLECTION_NAME_MAX_LENGTH = 60;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** Billing zip codes: 5 to 10 characters (spec section 5). */
export const BILLING_ZIP_MAX_LENGTH = 10;

const requiredText = (message: string, tooLong: string, maxLength: number) =>
  textSchema({ maxLength, error: message, tooLong, trim: true }).min(1, message);

/** An optional free-text field of a form (its own rules, if any, are checked by the form's refinement). */
const optionalText = (maxLength: number) => textSchema({ maxLength }).optional();

export const emailSchema = textSchema({
  maxLength: EMAIL_MAX_LENGTH,
  error: MESSAGES.emailRequired,
  tooLong: MESSAGES.emailLength,
  trim: true,
})
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const passwordSchema = textSchema({
  maxLength: PASSWORD_MAX_LENGTH,
  error: MESSAGES.passwordRequired,
  tooLong: MESSAGES.passwordLength,
})
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordLength);

/** The repeated password: anything longer than a password cannot match one. */
export const confirmPasswordSchema = textSchema({
  maxLength: PASSWORD_MAX_LENGTH,
  error: MESSAGES.confirmPasswordMismatch,
  tooLong: MESSAGES.confirmPasswordMismatch,
});

/** A token from an e-mailed link (e-mail confirmation, password reset), named in its messages. */
export const linkTokenSchema = (name: string) =>
  textSchema({ maxLength: TOKEN_MAX_LENGTH, error: `${name} is required`, label: name, trim: true }).min(
    1,
    `${name} is required`,
  );

export const usernameSchema = textSchema({
  maxLength: USERNAME_MAX_LENGTH,
  error: MESSAGES.usernameRequired,
  tooLong: MESSAGES.usernameLength,
  trim: true,
})
  .min(1, MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, MESSAGES.usernameLength)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.usernameCharacters);

export const stateSchema = textSchema({
  maxLength: 2,
  error: MESSAGES.stateRequired,
  tooLong: MESSAGES.stateRequired,
}).refine((value) => (STATE_ABBREVIATIONS as string[]).includes(value), MESSAGES.stateRequired);

export const zipSchema = textSchema({
  maxLength: BILLING_ZIP_MAX_LENGTH,
  error: MESSAGES.zipFormat,
  tooLong: MESSAGES.zipFormat,
  trim: true,
}).regex(ZIP_PATTERN, MESSAGES.zipFormat);

const firstNameSchema = requiredText(MESSAGES.firstNameRequired, MESSAGES.firstNameLength, NAME_MAX_LENGTH);
const lastNameSchema = requiredText(MESSAGES.lastNameRequired, MESSAGES.lastNameLength, NAME_MAX_LENGTH);
const addressLineSchema = requiredText(MESSAGES.addressRequired, MESSAGES.addressLength, ADDRESS_LINE_MAX_LENGTH);
const citySchema = requiredText(MESSAGES.cityRequired, MESSAGES.cityLength, ADDRESS_LINE_MAX_LENGTH);

/** Sign-up form (spec section 5). */
export const signUpSchema = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    username: usernameSchema,
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.confirmPasswordMismatch,
    path: ["confirmPassword"],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Sign-in form. */
export const signInSchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

/** Password reset request form. */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** New password form of /reset-password/{token}. */
export const newPasswordSchema = z
  .strictObject({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.confirmPasswordMismatch,
    path: ["confirmPassword"],
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** One address of the checkout (shipping or billing) as sent to the API. */
export const addressSchema = z.strictObject({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  address1: addressLineSchema,
  address2: textSchema({ maxLength: ADDRESS_LINE_MAX_LENGTH, tooLong: MESSAGES.addressLength, trim: true })
    .optional()
    .default(""),
  city: citySchema,
  state: stateSchema,
  zip: zipSchema,
});
export type AddressInput = z.infer<typeof addressSchema>;

/** The checkout shipping form, with the billing block required only when it differs from shipping. */
export const shippingFormSchema = z
  .object({
    shippingFirstName: firstNameSchema,
    shippingLastName: lastNameSchema,
    shippingAddress1: addressLineSchema,
    shippingAddress2: optionalText(ADDRESS_LINE_MAX_LENGTH),
    shippingCity: citySchema,
    shippingState: stateSchema,
    shippingZip: textSchema({
      maxLength: BILLING_ZIP_MAX_LENGTH,
      tooLong: MESSAGES.zipFormatExample,
      trim: true,
    }).regex(ZIP_PATTERN, MESSAGES.zipFormatExample),
    email: emailSchema,
    billingSameAsShipping: z.boolean(),
    billingFirstName: optionalText(NAME_MAX_LENGTH),
    billingLastName: optionalText(NAME_MAX_LENGTH),
    billingAddress1: optionalText(ADDRESS_LINE_MAX_LENGTH),
    billingAddress2: optionalText(ADDRESS_LINE_MAX_LENGTH),
    billingCity: optionalText(ADDRESS_LINE_MAX_LENGTH),
    billingState: optionalText(2),
    billingZip: optionalText(BILLING_ZIP_MAX_LENGTH),
  })
  .superRefine((value, context) => {
    if (value.billingSameAsShipping) return;
    const require = (field: keyof typeof value, message: string, valid: boolean) => {
      if (!valid) context.addIssue({ code: "custom", path: [field], message });
    };
    require("billingFirstName", MESSAGES.firstNameRequired, Boolean(value.billingFirstName?.trim()));
    require("billingLastName", MESSAGES.lastNameRequired, Boolean(value.billingLastName?.trim()));
    require("billingAddress1", MESSAGES.addressRequired, Boolean(value.billingAddress1?.trim()));
    require("billingCity", MESSAGES.cityRequired, Boolean(value.billingCity?.trim()));
    require("billingState", MESSAGES.stateRequired, (STATE_ABBREVIATIONS as string[]).includes(
      value.billingState ?? "",
    ));
    const zip = value.billingZip?.trim() ?? "";
    require("billingZip", MESSAGES.billingZipRequired, zip.length >= 5 && zip.length <= 10);
  });
export type ShippingFormInput = z.infer<typeof shippingFormSchema>;

/** Change-email dialog of the payment step. */
export const changeEmailSchema = z.strictObject({ email: emailSchema });

/** A customer's named collection of favourite designs. */
export const collectionNameSchema = textSchema({
  maxLength: COLLECTION_NAME_MAX_LENGTH,
  error: MESSAGES.collectionNameRequired,
  tooLong: MESSAGES.collectionNameLength,
  trim: true,
}).min(1, MESSAGES.collectionNameRequired);
