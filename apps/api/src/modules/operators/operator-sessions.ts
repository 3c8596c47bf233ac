import { OPERATOR_IDLE_MINUTES, OPERATOR_SESSION_COOKIE } from "@threadfolk/contract/operators";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { operatorSessions } from "../../db/schema/index.ts";
import { selectRows } from "../../db/select-rows.ts";
import { generateToken, hashToken } from "../auth/token-crypto.ts";

/** Who is calling an admin route: set by the admin plugin's hook on `request.operator`. */
export type OperatorPrincipal = { operatorId: string; email: string; sessionId: string };

/** The path the session cookie is sent to: only the admin API. */
export const OPERATOR_COOKIE_PATH = "/api/v1/admin";

/** Starts an active session (after the second factor, or at the end of set-up) and returns its cookie token. */
export async function startOperatorSession(
  db: Pick<Database, "insert">,
  operatorId: string,
): Promise<{ token: string; sessionId: string }> {
  const token = generateToken();
  const [row] = await db
    .insert(operatorSessions)
    .values({ tokenHash: hashToken(token), operatorId, stage: "active" })
    .returning({ id: operatorSessions.id });
  if (!row) throw new Error("operator session insert returned no row");
  return { token, sessionId: row.id };
}

/**
 * The operator of a session cookie, its idle clock restarted in the same statement; undefined when the session is
 * unknown, ended, idle for OPERATOR_IDLE_MINUTES or more, or its operator is disabled.
 */
export async function touchOperatorSession(db: Database, token: string): Promise<OperatorPrincipal | undefined> {
  const [row] = await selectRows<OperatorPrincipal>(
    db,
    sql`UPDATE "operator_sessions" AS s SET "last_seen_at" = now()
        FROM "operators" AS o
        WHERE s."token_hash" = ${hashToken(token)}
          AND s."stage" = 'active'
          AND s."ended_at" IS NULL
          AND s."last_seen_at" > now() - make_interval(mins => ${OPERATOR_IDLE_MINUTES})
          AND o."id" = s."operator_id"
          AND o."disabled_at" IS NULL
        RETURNING s."id" AS "sessionId", s."operator_id" AS "operatorId", o."email" AS "email"`,
  );
  return row;
}

/** Ends a session (sign-out). */
export async function endOperatorSession(
  db: Pick<Database, "execute">,
  sessionId: string,
  reason: "sign_out",
): Promise<void> {
  await db.execute(
    sql`UPDATE "operator_sessions" SET "ended_at" = now(), "ended_reason" = ${reason}
        WHERE "id" = ${sessionId} AND "ended_at" IS NULL`,
  );
}

function cookieOptions(config: Pick<Config, "PUBLIC_URL">) {
  return {
    path: OPERATOR_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict" as const,
    secure: config.PUBLIC_URL.startsWith("https://"),
  };
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, only for /api/v1/admin; no Max-Age (the server keeps time). */
export function setOperatorCookie(reply: FastifyReply, config: Pick<Config, "PUBLIC_URL">, token: string): void {
  reply.setCookie(OPERATOR_SESSION_COOKIE, token, cookieOptions(config));
}

export function clearOperatorCookie(reply: FastifyReply, config: Pick<Config, "PUBLIC_URL">): void {
  reply.clearCookie(OPERATOR_SESSION_COOKIE, cookieOptions(config));
}
