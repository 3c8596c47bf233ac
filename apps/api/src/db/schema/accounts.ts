import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A customer account. The e-mail is kept as typed; uniqueness is case-insensitive (lower(email)). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** As typed by the customer, for display. */
    username: text("username").notNull(),
    /** The username lowercased: unique, used in URLs (`/artist/{unique_username}/…`). */
    uniqueUsername: text("unique_username").notNull(),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** Set while the account cannot sign in (nor use its tokens, so nor check out): a suspension by an operator. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The operator's reason while an operator suspended the account (issue 28). */
    suspensionReason: text("suspension_reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_unique_username_unique").on(table.uniqueUsername),
    // Operators find customers by a name's beginning (`like 'jan%'`, issue 28): a pattern index, any collation.
    index("users_first_name_search_idx").on(sql`lower(${table.firstName}) text_pattern_ops`),
    index("users_last_name_search_idx").on(sql`lower(${table.lastName}) text_pattern_ops`),
  ],
);

/** A visitor without an account; owns a cart until they sign in. */
export const guests = pgTable("guests", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

/** OAuth clients allowed to call /oauth/token; only a SHA-256 of the secret is stored. */
export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  secretHash: text("secret_hash").notNull(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sign-in (or guest) session: the family of every access and refresh token issued from one grant.
 * Revoking the session revokes the whole family; it ends after SESSION_TIMEOUT_MINUTES without activity.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** For a guest session the guest itself; for a user session the guest the visitor was before signing in. */
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "set null" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why the family was revoked: logout, refresh_token_reuse, password_reset. */
    revokedReason: text("revoked_reason"),
    /**
     * The browser or app that last used the family, as its `Device` header names it (spec section 7: sent
     * with a refresh): a random id the web client keeps in local storage. Lets support and a future
     * "your sessions" screen tell a visitor's devices apart.
     */
    device: text("device"),
    createdAt: createdAt(),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

/** Bearer access tokens, stored only as SHA-256 hashes. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique("access_tokens_token_hash_unique"),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("access_tokens_session_idx").on(table.sessionId)],
);

/** Rotating refresh tokens (hashed); the session id is the family id used to revoke on reuse. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique("refresh_tokens_token_hash_unique"),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    /** The access token issued together with this refresh token. */
    accessTokenId: uuid("access_token_id").references(() => accessTokens.id, { onDelete: "set null" }),
    /** Set when exchanged for a new pair; presenting it again is reuse. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);

/** Single-use, expiring tokens sent by e-mail (confirmation, password reset), stored hashed. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique("one_time_tokens_token_hash_unique"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** email_confirmation or password_reset. */
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("one_time_tokens_user_idx").on(table.userId, table.purpose)],
);
