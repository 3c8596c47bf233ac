import { z } from "zod";
import { STATE_ABBREVIATIONS } from "./states.ts";

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

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordLength)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordLength);

export const usernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, MESSAGES.usernameLength)
  .max(USERNAME_MAX_LENGTH, MESSAGES.usernameLength)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.usernameCharacters);

export const stateSchema = z
  .string({ error: MESSAGES.stateRequired })
  .max(2, MESSAGES.stateRequired)
  .refine((value) => (STATE_ABBREVIATIONS as string[]).includes(value), MESSAGES.stateRequired);

export const zipSchema = z.string({ error: MESSAGES.zipFormat }).trim().regex(ZIP_PATTERN, MESSAGES.zipFormat);

/** Sign-up form (spec section 5). */
export const signUpSchema = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: MESSAGES.confirmPasswordMismatch }),
    firstName: requiredText(MESSAGES.firstNameRequired),
    lastName: requiredText(MESSAGES.lastNameRequired),
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
  .strictObject({ password: passwordSchema, confirmPassword: z.string({ error: MESSAGES.confirmPasswordMismatch }) })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.confirmPasswordMismatch,
    path: ["confirmPassword"],
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** One address of the checkout (shipping or billing) as sent to the API. */
export const addressSchema = z.strictObject({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  address1: requiredText(MESSAGES.addressRequired),
  address2: z.string().trim().optional().default(""),
  city: requiredText(MESSAGES.cityRequired),
  state: stateSchema,
  zip: zipSchema,
});
export type AddressInput = z.infer<typeof addressSchema>;

/** The checkout shipping form, with the billing block required only when it differs from shipping. */
export const shippingFormSchema = z
  .object({
    shippingFirstName: requiredText(MESSAGES.firstNameRequired),
    shippingLastName: requiredText(MESSAGES.lastNameRequired),
    shippingAddress1: requiredText(MESSAGES.addressRequired),
    shippingAddress2: z.string().optional(),
    shippingCity: requiredText(MESSAGES.cityRequired),
    shippingState: stateSchema,
    shippingZip: z.string().trim().regex(ZIP_PATTERN, MESSAGES.zipFormatExample),
    email: emailSchema,
    billingSameAsShipping: z.boolean(),
    billingFirstName: z.string().optional(),
    billingLastName: z.string().optional(),
    billingAddress1: z.string().optional(),
    billingAddress2: z.string().optional(),
    billingCity: z.string().optional(),
    billingState: z.string().optional(),
    billingZip: z.string().optional(),
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

/** Card fields of the payment step. */
export const cardPaymentSchema = z.strictObject({
  paymentMethod: z.enum(["visa", "paypal"], { error: MESSAGES.paymentMethodRequired }),
  creditCardNumber: z
    .string({ error: MESSAGES.cardNumberRequired })
    .min(1, MESSAGES.cardNumberRequired)
    .regex(/^\d{16}$/, MESSAGES.cardNumberLength),
  expirationDate: z
    .string({ error: MESSAGES.expirationRequired })
    .min(1, MESSAGES.expirationRequired)
    .regex(/^\d{4}$/, MESSAGES.expirationLength),
  cvc: z
    .string({ error: MESSAGES.cvcRequired })
    .min(1, MESSAGES.cvcRequired)
    .regex(/^\d{3,4}$/, MESSAGES.cvcLength),
});
export type CardPaymentInput = z.infer<typeof cardPaymentSchema>;

/** A customer's named collection of favourite designs. */
export const collectionNameSchema = z
  .string({ error: MESSAGES.collectionNameRequired })
  .trim()
  .min(1, MESSAGES.collectionNameRequired)
  .max(COLLECTION_NAME_MAX_LENGTH, MESSAGES.collectionNameLength);
