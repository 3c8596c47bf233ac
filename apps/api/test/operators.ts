import { randomBytes } from "node:crypto";
import { OPERATOR_SESSION_COOKIE } from "@threadfolk/contract/operators";
import { eq } from "drizzle-orm";
import type { AppContext } from "../src/context.ts";
import { operatorRecoveryCodes, operators } from "../src/db/schema/index.ts";
import { hashPassword } from "../src/modules/auth/passwords.ts";
import { startOperatorSession } from "../src/modules/operators/operator-sessions.ts";
import {
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
} from "../src/modules/operators/second-factor.ts";

type HasContext = AppContext | { context: AppContext };

function contextOf(from: HasContext): AppContext {
  return "context" in from ? from.context : from;
}

export type TestOperator = {
  operatorId: string;
  email: string;
  password: string;
  /** The TOTP secret (base32): `generate({ secret })` from otplib makes a code. */
  totpSecret: string;
  recoveryCodes: string[];
};

/** Inserts an operator who has finished set-up (password, TOTP, ten recovery codes), straight into the database. */
export async function createTestOperator(
  from: HasContext,
  overrides: Partial<{ email: string; password: string }> = {},
): Promise<TestOperator> {
  const { db, config } = contextOf(from);
  const email = overrides.email ?? `operator-${randomBytes(4).toString("hex")}@example.com`;
  const password = overrides.password ?? "operator-pass-1";
  const totpSecret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const [row] = await db
    .insert(operators)
    .values({ email, passwordHash: await hashPassword(password), setupCompletedAt: new Date() })
    .returning({ id: operators.id });
  if (!row) throw new Error("operator insert returned no row");
  await db
    .update(operators)
    .set({ totpSecretEncrypted: await encryptTotpSecret({ db, config, operatorId: row.id, secret: totpSecret }) })
    .where(eq(operators.id, row.id));
  await db
    .insert(operatorRecoveryCodes)
    .values(recoveryCodes.map((code) => ({ operatorId: row.id, codeHash: hashRecoveryCode(code) })));
  return { operatorId: row.id, email, password, totpSecret, recoveryCodes };
}

/** The `Cookie` header value of an operator session token. */
export function operatorCookie(token: string): string {
  return `${OPERATOR_SESSION_COOKIE}=${token}`;
}

/**
 * An enrolled operator and a signed-in session: pass `headers: { cookie }` to `app.inject` or to the test server's
 * `request`. Admin feature tests start here.
 */
export async function createOperatorSession(
  from: HasContext,
  overrides: Partial<{ email: string; password: string }> = {},
): Promise<{ operatorId: string; cookie: string; sessionId: string; operator: TestOperator }> {
  const operator = await createTestOperator(from, overrides);
  const session = await startOperatorSession(contextOf(from).db, operator.operatorId);
  return {
    operatorId: operator.operatorId,
    cookie: operatorCookie(session.token),
    sessionId: session.sessionId,
    operator,
  };
}
