import { AppError } from "./app-error.ts";

/**
 * Authorisation: who may do what. Each module that owns resources states its rules in its `policies.ts`
 * (favourites, follows, users; cart, orders and the studio add theirs the same way), and every handler or
 * service that touches a customer's or an artist's resource calls `authorize` before it does anything.
 * docs/decisions/014-authorization-policies.md explains the statuses.
 */

/** A visitor without an account, known by the guest token the client obtained (it can own a cart). */
export type GuestActor = { kind: "guest"; guestId: string; sessionId: string };

/**
 * A signed-in customer. `guestId`: the guest they were before signing in, so a later cart merge can find
 * that cart. `artistId`: the storefront (seller profile) they own, when they have one: then they are an
 * artist too.
 */
export type UserActor = { kind: "user"; userId: string; guestId?: string; artistId?: string; sessionId: string };

/** A signed-in customer who owns a storefront. */
export type ArtistActor = UserActor & { artistId: string };

/** Who is calling, as the request's bearer token established it (modules/auth/authenticate.ts). */
export type Actor = GuestActor | UserActor;

/** The least identity an action needs: any token (a guest or better), a signed-in customer, or an artist. */
export type Identity = "guest" | "customer" | "artist";

/** The actor type an identity guarantees. */
export type ActorWith<Who extends Identity> = { guest: Actor; customer: UserActor; artist: ArtistActor }[Who];

/** An action that needs only an identity: there is no resource of someone else's to check (create, list mine). */
export type IdentityRule<Who extends Identity> = { who: Who };

/** An action on one resource: the identity, then whether this actor may act on this resource. */
export type ResourceRule<Who extends Identity, Resource> = {
  who: Who;
  /** The resource's name in the 404 of a missing or denied one ("Collection" -> "Collection not found"). */
  resourceName: string;
  allows: (actor: ActorWith<Who>, resource: Resource) => boolean;
};

export type Rule<Who extends Identity, Resource> = IdentityRule<Who> | ResourceRule<Who, Resource>;

/** An identity-only rule, typed (`who` keeps its literal type). */
export function identityRule<Who extends Identity>(who: Who): IdentityRule<Who> {
  return { who };
}

/** A rule on one resource, typed from `who` and the resource parameter of `allows`. */
export function resourceRule<Who extends Identity, Resource>(
  rule: ResourceRule<Who, Resource>,
): ResourceRule<Who, Resource> {
  return rule;
}

/** Whether the actor is the customer who owns the resource (a row with a `userId` column). */
export function ownsResource(actor: UserActor, resource: { userId: string | null }): boolean {
  return resource.userId === actor.userId;
}

function hasIdentity<Who extends Identity>(actor: Actor, who: Who): actor is ActorWith<Who> {
  if (who === "guest") return true;
  if (actor.kind !== "user") return false;
  return who === "customer" || actor.artistId !== undefined;
}

/**
 * Checks that `actor` may perform the action of `rule`. Throws:
 *  - 401 `unauthorized` without a token, or for a guest where a signed-in customer is needed;
 *  - 403 `forbidden` for a customer where an artist is needed (the identity is known, the role is missing);
 *  - 404 `not_found` when the resource is missing (undefined) or the rule does not allow this actor on it,
 *    for reads and writes alike: the answer never tells whether someone else's resource exists.
 * Without a resource (the top of a handler, before anything is loaded) it checks the identity only and
 * returns the actor typed for the rule; the code that loads the resource then calls it with the resource,
 * after which the resource is known to be there.
 */
export function authorize<Who extends Identity>(actor: Actor | undefined, rule: Rule<Who, never>): ActorWith<Who>;
export function authorize<Who extends Identity, Resource>(
  actor: Actor | undefined,
  rule: ResourceRule<Who, Resource>,
  resource: Resource | undefined,
): asserts resource is Resource;
export function authorize<Who extends Identity, Resource>(
  actor: Actor | undefined,
  rule: Rule<Who, Resource>,
  ...resource: [] | [Resource | undefined]
): ActorWith<Who> | undefined {
  if (!actor || (actor.kind === "guest" && rule.who !== "guest")) throw AppError.unauthorized();
  if (!hasIdentity(actor, rule.who)) throw AppError.forbidden();
  if (resource.length === 0) return actor;
  const [target] = resource;
  if (!("allows" in rule) || target === undefined || !rule.allows(actor, target)) {
    throw AppError.notFound("resourceName" in rule ? rule.resourceName : undefined);
  }
  return undefined;
}
