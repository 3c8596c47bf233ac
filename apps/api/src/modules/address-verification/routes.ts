import { addressValidationQuerySchema } from "@threadfolk/contract/address-validation";
import type { FastifyInstance } from "fastify";
import { changesOf } from "../../adapters/address/address.ts";
import type { AppContext } from "../../context.ts";
import { parseInput } from "../../http/validate.ts";
import { requireActor } from "../auth/authenticate.ts";
import { enforceAddressValidationLimit } from "./enforce-address-validation-limit.ts";

/**
 * `GET /api/v1/address_validations?address1=&address2=&city=&state=&zip=` (spec sections 3 and 7): the
 * checkout's address verification dialog asks it for suggestions. Any token (guest or customer). When a
 * carrier answers (UPS), each call spends our quota, so it is limited per identity and per client address:
 * nobody uses us as a free carrier verification service (decision 022). The bundled ZIP data costs a few
 * Map lookups and is public, so checking against it is not counted: two counter writes per check would cost
 * a hundred times the check itself.
 */
export async function addressVerificationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get("/address_validations", async (request, reply) => {
    const actor = requireActor(request);
    const address = parseInput(addressValidationQuerySchema, request.query, "query");
    if (context.addressVerifier.callsCarrier) {
      await enforceAddressValidationLimit({ context, actor, ip: request.ip });
    }
    const verification = await context.addressVerifier.verify(address);
    return reply.header("Cache-Control", "no-store").send({
      // What each suggestion changes of the typed address: the dialog never pre-selects another city or state.
      data: verification.candidates.map((candidate) => ({
        addressKeyFormat: candidate,
        changes: changesOf(address, candidate),
      })),
      meta: { result: verification.result, provider: verification.provider },
    });
  });
}
