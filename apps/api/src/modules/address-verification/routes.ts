import { addressValidationQuerySchema } from "@threadfolk/contract/address-validation";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { requireActor } from "../auth/authenticate.ts";
import { enforceAddressValidationLimit } from "./enforce-address-validation-limit.ts";

/**
 * `GET /api/v1/address_validations?address1=&address2=&city=&state=&zip=` (spec sections 3 and 7): the
 * checkout's address verification dialog asks it for suggestions. Any token (guest or customer); limited per
 * identity and per client address so that nobody uses it as a free verification service (decision 022).
 */
export async function addressVerificationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get("/address_validations", async (request, reply) => {
    const actor = requireActor(request);
    const address = parseInput(addressValidationQuerySchema, request.query, "query");
    await enforceAddressValidationLimit({ context, actor, ip: request.ip });
    const verification = await context.addressVerifier.verify(address);
    return reply.header("Cache-Control", "no-store").send({
      data: verification.candidates.map((candidate) => ({ addressKeyFormat: candidate })),
      meta: { result: verification.result, provider: verification.provider },
    });
  });
}
