import { OPERATOR_CHALLENGE_MINUTES, OPERATOR_MESSAGES } from "@threadfolk/contract/operators";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { operatorRecoveryCodes, operatorSessions, operators } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { verifyAgainstDummyHash, verifyPassword } from "../auth/passwords.ts";
import { generateToken, hashToken } from "../auth/token-crypto.ts";
import { startSignInAttempt } from "../rate-limit/sign-in-limits.ts";
import { recordOperatorAction } from "./audit-log.ts";
import { checkTotpCode, decryptTotpSecret, hashRecoveryCode, isTotpShaped } from "./second-factor.ts";

type SignInContext = Pick<AppContext, "db" | "config" | "rateLimiter">;

/** Wrong codes one challenge takes before it ends (the password must then be typed again). */
const CHALLENGE_ATTEMPTS = 5;

/**
 * Step one of an operator's sign-in: e-mail and password, within the customers' sign-in limits (decision 020;
 * counted apart from customers' under keys of their own). The right password gives a challenge for step two,
 * never a session.
 */
export async function startOperatorSignIn(
  context: SignInContext,
  input: { email: string; password: string; ip: string },
): Promise<{ challenge: string; expiresAt: Date }> {
  const { db, config, rateLimiter } = context;
  const attempt = await startSignInAttempt({ rateLimiter, config, email: `operator ${input.email}`, ip: input.ip });
  let operatorId: string | undefined;
  try {
    const [operator] = await db
      .select({ id: operators.id, passwordHash: operators.passwordHash })
      .from(operators)
      .where(
        and(
          sql`lower(${operators.email}) = lower(${input.email})`,
          isNotNull(operators.setupCompletedAt),
          isNull(operators.disabledAt),
        ),
      );
    if (operator?.passwordHash && (await verifyPassword(operator.passwordHash, input.password))) {
      operatorId = operator.id;
    } else if (!operator?.passwordHash) {
      await verifyAgainstDummyHash(input.password);
    }
  } catch (error) {
    await attempt.settle("not_checked");
    throw error;
  }
  await attempt.settle(operatorId ? "right_password" : "wrong_password");
  if (!operatorId) throw AppError.badRequest(OPERATOR_MESSAGES.signInInvalid);
  const challenge = generateToken();
  const [row] = await db
    .insert(operatorSessions)
    .values({ tokenHash: hashToken(challenge), operatorId, stage: "second_factor" })
    .returning({ createdAt: operatorSessions.createdAt });
  const createdAt = row?.createdAt ?? new Date();
  return { challenge, expiresAt: new Date(createdAt.getTime() + OPERATOR_CHALLENGE_MINUTES * 60_000) };
}

/**
 * Step two: a TOTP code (refused when its time step was already used: no replay inside the window) or an unused
 * recovery code (used up). Wrong codes count against the sign-in limits of the operator's e-mail and address,
 * and a challenge takes CHALLENGE_ATTEMPTS of them. The right one turns the challenge into a session (a new
 * token: the challenge is spent) and writes `operator.sign_in` to the audit log.
 */
export async function finishOperatorSignIn(
  context: SignInContext,
  input: { challenge: string; code: string; ip: string },
): Promise<{ operator: { id: string; email: string }; sessionToken: string; sessionId: string }> {
  const { db, config, rateLimiter } = context;
  const [pending] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      email: operators.email,
      totpSecretEncrypted: operators.totpSecretEncrypted,
      lastTotpStep: operators.lastTotpStep,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(input.challenge)),
        eq(operatorSessions.stage, "second_factor"),
        isNull(operatorSessions.endedAt),
        gt(operatorSessions.createdAt, sql`now() - make_interval(mins => ${OPERATOR_CHALLENGE_MINUTES})`),
        lt(operatorSessions.failedAttempts, CHALLENGE_ATTEMPTS),
        isNull(operators.disabledAt),
      ),
    );
  if (!pending?.totpSecretEncrypted) throw AppError.unauthorized(OPERATOR_MESSAGES.challengeExpired);
  const attempt = await startSignInAttempt({
    rateLimiter,
    config,
    email: `operator second factor ${pending.email}`,
    ip: input.ip,
  });
  let method: "totp" | "recovery_code" | undefined;
  try {
    if (isTotpShaped(input.code)) {
      const secret = await decryptTotpSecret({
        db,
        config,
        operatorId: pending.operatorId,
        encrypted: pending.totpSecretEncrypted,
      });
      const step = await checkTotpCode({ secret, code: input.code, afterStep: pending.lastTotpStep });
      if (step !== undefined) {
        // Only one request can move the step forward: a code sent twice at once is still good once.
        const [moved] = await db
          .update(operators)
          .set({ lastTotpStep: step })
          .where(
            and(
              eq(operators.id, pending.operatorId),
              or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step)),
            ),
          )
          .returning({ id: operators.id });
        if (moved) method = "totp";
      }
    } else {
      const [used] = await db
        .update(operatorRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(operatorRecoveryCodes.operatorId, pending.operatorId),
            eq(operatorRecoveryCodes.codeHash, hashRecoveryCode(input.code)),
            isNull(operatorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: operatorRecoveryCodes.id });
      if (used) method = "recovery_code";
    }
  } catch (error) {
    await attempt.settle("not_checked");
    throw error;
  }
  await attempt.settle(method ? "right_password" : "wrong_password");
  if (!method) {
    await db
      .update(operatorSessions)
      .set({ failedAttempts: sql`${operatorSessions.failedAttempts} + 1` })
      .where(eq(operatorSessions.id, pending.sessionId));
    throw new AppError("validation_failed", OPERATOR_MESSAGES.codeInvalid, [
      { field: "code", message: OPERATOR_MESSAGES.codeInvalid },
    ]);
  }
  const sessionToken = generateToken();
  const signedInBy = method;
  await db.transaction(async (tx) => {
    const [activated] = await tx
      .update(operatorSessions)
      .set({ tokenHash: hashToken(sessionToken), stage: "active", lastSeenAt: sql`now()` })
      .where(
        and(
          eq(operatorSessions.id, pending.sessionId),
          eq(operatorSessions.stage, "second_factor"),
          isNull(operatorSessions.endedAt),
        ),
      )
      .returning({ id: operatorSessions.id });
    if (!activated) throw AppError.unauthorized(OPERATOR_MESSAGES.challengeExpired);
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.operatorId, pending.operatorId), isNull(operatorRecoveryCodes.usedAt)));
    await recordOperatorAction(tx, {
      operatorId: pending.operatorId,
      action: "operator.sign_in",
      subjectType: "operator_session",
      subjectId: pending.sessionId,
      after: { secondFactor: signedInBy, recoveryCodesLeft: left?.count ?? 0 },
    });
  });
  return {
    operator: { id: pending.operatorId, email: pending.email },
    sessionToken,
    sessionId: pending.sessionId,
  };
}
