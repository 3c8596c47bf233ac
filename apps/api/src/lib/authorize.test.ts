import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import {
  type Actor,
  type ArtistActor,
  authorize,
  type GuestActor,
  identityRule,
  resourceRule,
  type UserActor,
} from "./authorize.ts";

const guest: GuestActor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
const customer: UserActor = { kind: "user", userId: "u-1", sessionId: "s-2" };
const artist: ArtistActor = { kind: "user", userId: "u-2", artistId: "a-2", sessionId: "s-3" };

/** The AppError `run` throws, or undefined when it passes. */
function failureOf(run: () => unknown): { status: number; code: string; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, code: error.code, message: error.message };
  }
}

const anyToken = identityRule("guest");
const signedIn = identityRule("customer");
const studio = identityRule("artist");
const ownDesign = resourceRule({
  who: "artist",
  resourceName: "Design",
  allows: (actor, design: { artistId: string }) => design.artistId === actor.artistId,
});

describe("authorize: identities", () => {
  it("lets any token through a guest rule, and nobody without one", () => {
    for (const actor of [guest, customer, artist]) expect(authorize(actor, anyToken)).toBe(actor);
    expect(failureOf(() => authorize(undefined, anyToken))).toEqual({
      status: 401,
      code: "unauthorized",
      message: "Sign in to continue",
    });
  });

  it("answers 401 to guests and to no token where a signed-in customer is needed", () => {
    expect(authorize(customer, signedIn)).toBe(customer);
    expect(authorize(artist, signedIn)).toBe(artist);
    for (const actor of [guest, undefined]) expect(failureOf(() => authorize(actor, signedIn))?.status).toBe(401);
  });

  it("answers 403 to a customer without a storefront where an artist is needed, 401 to guests", () => {
    expect(authorize(artist, studio)).toBe(artist);
    expect(failureOf(() => authorize(customer, studio))).toEqual({
      status: 403,
      code: "forbidden",
      message: "You are not allowed to do that",
    });
    expect(failureOf(() => authorize(guest, studio))?.status).toBe(401);
  });
});

describe("authorize: resources", () => {
  const mine = { artistId: "a-2" };
  const theirs = { artistId: "a-9" };

  it("checks only the identity until the resource is given", () => {
    expect(authorize(artist, ownDesign)).toBe(artist);
    expect(failureOf(() => authorize(customer, ownDesign))?.status).toBe(403);
  });

  it("passes the owner, and answers 404 for someone else's resource and for a missing one alike", () => {
    expect(failureOf(() => authorize(artist, ownDesign, mine))).toBeUndefined();
    const denied = failureOf(() => authorize(artist, ownDesign, theirs));
    expect(denied).toEqual({ status: 404, code: "not_found", message: "Design not found" });
    expect(failureOf(() => authorize(artist, ownDesign, undefined))).toEqual(denied);
  });

  it("checks the identity before the resource, so a stranger learns nothing about it", () => {
    const anybody: Actor[] = [guest];
    for (const actor of anybody) expect(failureOf(() => authorize(actor, ownDesign, mine))?.status).toBe(401);
    expect(failureOf(() => authorize(customer, ownDesign, mine))?.status).toBe(403);
    expect(failureOf(() => authorize(undefined, ownDesign, undefined))?.status).toBe(401);
  });
});
