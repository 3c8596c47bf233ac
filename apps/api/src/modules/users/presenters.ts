import type { users } from "../../db/schema/index.ts";

type UserRow = typeof users.$inferSelect;

/** A user as the API shows it to that user (never the password hash). */
export function presentUser(user: UserRow) {
  return {
    data: {
      id: user.id,
      type: "user",
      attributes: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        uniqueUsername: user.uniqueUsername,
        emailConfirmed: user.emailConfirmedAt !== null,
      },
    },
  };
}

/** `GET /api/v1/user_info` (spec section 3: user info). */
export function presentUserInfo(
  user: UserRow,
  relations: { favoriteDesignUuids: string[]; followedSellerUuids: string[] },
) {
  return {
    favoriteDesignUuids: relations.favoriteDesignUuids,
    followedSellerUuids: relations.followedSellerUuids,
    uniqueUsername: user.uniqueUsername,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  };
}
