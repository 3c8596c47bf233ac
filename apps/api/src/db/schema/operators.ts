import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The people who run the marketplace (issue 28, decision 071): accounts of their own, never customers. An
 * operator is made by `npm run operator:create` and becomes usable once set-up (password and TOTP) is complete.
 */
export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** argon2id, as customers' passwords; null until set-up is complete. */
    passwordHash: text("password_hash"),
    /** The TOTP secret (base32), encrypted with AES-256-GCM (operators/totp-secrets.ts); null until enrolled. */
    totpSecretEncrypted: text("totp_secret_encrypted"),
    /** The secret shown on the set-up page, until a code from it confirms enrolment. */
    pendingTotpSecretEncrypted: text("pending_totp_secret_encrypted"),
    /** The RFC 6238 time step of the last code accepted: a code of that step or an earlier one is a replay. */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
    setupCompletedAt: timestamp("setup_completed_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("operators_email_lower_unique").on(sql`lower(${table.email})`)],
);

/** The single-use, expiring set-up links `operator:create` prints; only a SHA-256 of each token is kept. */
export const operatorSetupTokens = pgTable(
  "operator_setup_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique("operator_setup_tokens_token_hash_unique"),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("operator_setup_tokens_operator_idx").on(table.operatorId)],
);

/**
 * An operator's sign-in. `stage` 'second_factor': the password was right and the token is the challenge the
 * second step answers (a few minutes); 'active': the token is the session cookie's (one hour idle). Only a
 * SHA-256 of the token is kept.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique("operator_sessions_token_hash_unique"),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    /** Wrong second factors given to this challenge. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** sign_out, idle, superseded… */
    endedReason: text("ended_reason"),
    createdAt: createdAt(),
  },
  (table) => [index("operator_sessions_operator_idx").on(table.operatorId)],
);

/** The ten single-use recovery codes of an operator, stored only as SHA-256 hashes. */
export const operatorRecoveryCodes = pgTable(
  "operator_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("operator_recovery_codes_operator_code_unique").on(table.operatorId, table.codeHash)],
);

/**
 * Every operator action (issue 28): who, what, when, the record before and after, the reason typed.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0030's custom SQL).
 */
export const operatorAuditLog = pgTable(
  "operator_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    /** Dotted: `operator.sign_in`, `order.refund`, `design.take_down`… */
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [
    index("operator_audit_log_created_idx").on(table.createdAt, table.id),
    index("operator_audit_log_action_idx").on(table.action, table.id),
    index("operator_audit_log_operator_idx").on(table.operatorId, table.id),
  ],
);
