import { OPERATOR_MESSAGES } from "@threadfolk/contract/operators";
import { MESSAGES } from "@threadfolk/contract/validation";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { operatorRecoveryCodes, operatorSetupTokens, operators } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../auth/passwords.ts";
import { hashToken } from "../auth/token-crypto.ts";
import { recordOperatorAction } from "./audit-log.ts";
import { startOperatorSession } from "./operator-sessions.ts";
import {
  checkTotpCode,
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpEnrolment,
} from "./second-factor.ts";

type SetupContext = Pick<AppContext, "db" | "config">;

/** The operator of a set-up link that can still be used (unused, unexpired, set-up not finished). */
async function findSetupOperator(context: SetupContext, token: string) {
  const [row] = await context.db
    .select({
      operatorId: operators.id,
      email: operators.email,
      pendingTotpSecretEncrypted: operators.pendingTotpSecretEncrypted,
    })
    .from(operatorSetupTokens)
    .innerJoin(operators, eq(operators.id, operatorSetupTokens.operatorId))
    .where(
      and(
        eq(operatorSetupTokens.tokenHash, hashToken(token)),
        isNull(operatorSetupTokens.usedAt),
        gt(operatorSetupTokens.expiresAt, sql`now()`),
        isNull(operators.setupCompletedAt),
      ),
    );
  if (!row) throw new AppError("not_found", OPERATOR_MESSAGES.setupLinkInvalid);
  return row;
}

/**
 * What the set-up page shows: the operator's e-mail and the TOTP secret to enrol, as an otpauth:// URI, a QR code
 * and text. The secret is made at the first visit and kept (encrypted) until a code confirms it, so reloading the
 * page shows the same one.
 */
export async function beginOperatorSetup(context: SetupContext, token: string) {
  const { db, config } = context;
  const operator = await findSetupOperator(context, token);
  let secret: string;
  if (operator.pendingTotpSecretEncrypted) {
    secret = await decryptTotpSecret({
      db,
      config,
      operatorId: operator.operatorId,
      encrypted: operator.pendingTotpSecretEncrypted,
    });
  } else {
    secret = newTotpSecret();
    const encrypted = await encryptTotpSecret({ db, config, operatorId: operator.operatorId, secret });
    await db
      .update(operators)
      .set({ pendingTotpSecretEncrypted: encrypted, updatedAt: sql`now()` })
      .where(eq(operators.id, operator.operatorId));
  }
  const enrolment = await totpEnrolment({ issuer: `${config.BRAND_NAME} admin`, email: operator.email, secret });
  return { email: operator.email, secret, ...enrolment };
}

/**
 * Finishes set-up: checks a code of the shown secret, then in one transaction uses the link up (a link is good
 * once), sets the password (argon2id) and the secret, stores the hashes of ten recovery codes, starts a session
 * and writes `operator.setup` to the audit log. Returns the codes (shown once) and the session's cookie token.
 */
export async function completeOperatorSetup(
  context: SetupContext,
  input: { token: string; password: string; confirmPassword: string; code: string },
) {
  const { db, config } = context;
  if (input.password !== input.confirmPassword) {
    throw new AppError("validation_failed", "The request body is invalid", [
      { field: "confirm_password", message: MESSAGES.confirmPasswordMismatch },
    ]);
  }
  const operator = await findSetupOperator(context, input.token);
  if (!operator.pendingTotpSecretEncrypted) throw new AppError("not_found", OPERATOR_MESSAGES.setupLinkInvalid);
  const secret = await decryptTotpSecret({
    db,
    config,
    operatorId: operator.operatorId,
    encrypted: operator.pendingTotpSecretEncrypted,
  });
  const step = await checkTotpCode({ secret, code: input.code, afterStep: null });
  if (step === undefined) {
    throw new AppError("validation_failed", OPERATOR_MESSAGES.codeInvalid, [
      { field: "code", message: OPERATOR_MESSAGES.codeInvalid },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  const recoveryCodes = newRecoveryCodes();
  const session = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(operatorSetupTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(operatorSetupTokens.tokenHash, hashToken(input.token)),
          isNull(operatorSetupTokens.usedAt),
          gt(operatorSetupTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: operatorSetupTokens.id });
    if (!used) throw new AppError("not_found", OPERATOR_MESSAGES.setupLinkInvalid);
    const [updated] = await tx
      .update(operators)
      .set({
        passwordHash,
        totpSecretEncrypted: operator.pendingTotpSecretEncrypted,
        pendingTotpSecretEncrypted: null,
        lastTotpStep: step,
        setupCompletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(operators.id, operator.operatorId), isNull(operators.setupCompletedAt)))
      .returning({ id: operators.id });
    if (!updated) throw new AppError("not_found", OPERATOR_MESSAGES.setupLinkInvalid);
    await tx
      .insert(operatorRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ operatorId: operator.operatorId, codeHash: hashRecoveryCode(code) })));
    const started = await startOperatorSession(tx, operator.operatorId);
    await recordOperatorAction(tx, {
      operatorId: operator.operatorId,
      action: "operator.setup",
      subjectType: "operator",
      subjectId: operator.operatorId,
      before: { email: operator.email, setUp: false },
      after: { email: operator.email, setUp: true, secondFactor: "totp", recoveryCodes: recoveryCodes.length },
    });
    return started;
  });
  return {
    operator: { id: operator.operatorId, email: operator.email },
    recoveryCodes,
    sessionToken: session.token,
  };
}
