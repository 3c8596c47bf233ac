import { z } from "zod";
import { EMAIL_MAX_LENGTH, IDENTIFIER_MAX_LENGTH, TOKEN_MAX_LENGTH } from "./limits.ts";
import { textSchema } from "./text.ts";

/**
 * Parameters of `POST /oauth/token` and `POST /oauth/revoke`, by their wire names, once each is a string
 * (a JSON `guest: true` arrives as "true"). RFC 6749 asks servers to ignore unknown parameters, so the object
 * is not strict; every known one is bounded like the rest of the contract.
 */
export const oauthParametersSchema = z.object({
  grant_type: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH, label: "grant_type" }).optional(),
  client_id: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH, label: "client_id" }).optional(),
  client_secret: textSchema({ maxLength: TOKEN_MAX_LENGTH, label: "client_secret" }).optional(),
  guest: textSchema({ maxLength: 5, label: "guest" }).optional(),
  email: textSchema({ maxLength: EMAIL_MAX_LENGTH, label: "email" }).optional(),
  /** RFC 6749's name for the e-mail. */
  username: textSchema({ maxLength: EMAIL_MAX_LENGTH, label: "username" }).optional(),
  /** Longer than any password the sign-up form accepts; a longer one simply does not match. */
  password: textSchema({ maxLength: TOKEN_MAX_LENGTH, label: "password" }).optional(),
  refresh_token: textSchema({ maxLength: TOKEN_MAX_LENGTH, label: "refresh_token" }).optional(),
  token: textSchema({ maxLength: TOKEN_MAX_LENGTH, label: "token" }).optional(),
  token_type_hint: textSchema({ maxLength: IDENTIFIER_MAX_LENGTH, label: "token_type_hint" }).optional(),
});
export type OAuthParameters = z.infer<typeof oauthParametersSchema>;
export type OAuthParameterName = keyof OAuthParameters;
