/**
 * Account and sign-in replies, camelCase as the client sees them after case conversion (the wire is snake_case). The
 * request schemas are in validation.ts.
 */

/** A user as the API shows them to themselves (sign-up, e-mail confirmation, password reset). */
export type UserResponse = {
  data: {
    id: string;
    type: "user";
    attributes: {
      email: string;
      firstName: string;
      lastName: string;
      username: string;
      uniqueUsername: string;
      emailConfirmed: boolean;
    };
  };
};

/** `GET /user_info` (spec section 3, user info): what the client keeps locally about the signed-in visitor. */
export type UserInfo = {
  favoriteDesignUuids: string[];
  followedSellerUuids: string[];
  uniqueUsername: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
};

/** `POST /oauth/token` success (RFC 6749 section 5.1). */
export type TokenResponse = {
  accessToken: string;
  tokenType: "Bearer";
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
  /** Unix seconds. */
  createdAt: number;
};
