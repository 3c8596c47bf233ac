import { OPERATOR_SETUP_LINK_HOURS } from "@threadfolk/contract/operators";
import { emailSchema } from "@threadfolk/contract/validation";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { operatorSetupTokens, operators } from "../../db/schema/index.ts";
import { generateToken, hashToken } from "../auth/token-crypto.ts";

export class OperatorCreationError extends Error {}

/** The set-up page's URL for a token. */
export function operatorSetupUrl(config: Pick<Config, "PUBLIC_URL">, token: string): string {
  return new URL(`/admin/setup?token=${encodeURIComponent(token)}`, config.PUBLIC_URL).toString();
}

/**
 * `npm run operator:create -- --email <e-mail>` (and the tests' and e2e's operators): makes an operator, or finds
 * one whose set-up is not finished, and issues a single-use set-up link valid for OPERATOR_SETUP_LINK_HOURS (any
 * older unused link of that operator stops working). An operator who has finished set-up is refused.
 */
export async function createOperator(options: {
  db: Database;
  config: Pick<Config, "PUBLIC_URL">;
  email: string;
}): Promise<{ operatorId: string; email: string; token: string; setupUrl: string; created: boolean }> {
  const { db, config } = options;
  const parsed = emailSchema.safeParse(options.email);
  if (!parsed.success) throw new OperatorCreationError(`Not an e-mail address: ${options.email}`);
  const email = parsed.data;
  const token = generateToken();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: operators.id, setupCompletedAt: operators.setupCompletedAt })
      .from(operators)
      .where(sql`lower(${operators.email}) = lower(${email})`)
      .for("update");
    if (existing?.setupCompletedAt) {
      throw new OperatorCreationError(`The operator ${email} exists and has finished set-up`);
    }
    const operatorId =
      existing?.id ??
      (await tx
        .insert(operators)
        .values({ email })
        .returning({ id: operators.id })
        .then(([row]) => row?.id));
    if (!operatorId) throw new Error("operator insert returned no row");
    await tx
      .update(operatorSetupTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(operatorSetupTokens.operatorId, operatorId), isNull(operatorSetupTokens.usedAt)));
    await tx.insert(operatorSetupTokens).values({
      tokenHash: hashToken(token),
      operatorId,
      expiresAt: sql`now() + make_interval(hours => ${OPERATOR_SETUP_LINK_HOURS})`,
    });
    return { operatorId, email, token, setupUrl: operatorSetupUrl(config, token), created: !existing };
  });
}
