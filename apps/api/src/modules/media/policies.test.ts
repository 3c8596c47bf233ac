import { describe, expect, it } from "vitest";
import { deniedStatus } from "../../../test/authorization.ts";
import type { Actor } from "../../lib/authorize.ts";
import { grantArtistCleanImages } from "./clean-image-grants.ts";

const guest: Actor = { kind: "guest", guestId: "g-1", sessionId: "s-1" };
const customer: Actor = { kind: "user", userId: "u-1", sessionId: "s-2" };
const owner: Actor = { kind: "user", userId: "u-2", artistId: "a-2", sessionId: "s-3" };
const otherArtist: Actor = { kind: "user", userId: "u-3", artistId: "a-3", sessionId: "s-4" };
const design = { id: "d-1", sellerProfileId: "a-2" };

describe("mediaPolicies.viewCleanDesignImages, through grantArtistCleanImages", () => {
  it("grants the design's own artist its clean images", () => {
    expect(grantArtistCleanImages({ actor: owner, design })).toEqual({ designUuid: "d-1" });
  });

  it("refuses everyone else: 401 without an account, 403 without a storefront, 404 for another artist", () => {
    expect(deniedStatus(() => grantArtistCleanImages({ actor: undefined, design }))).toBe(401);
    expect(deniedStatus(() => grantArtistCleanImages({ actor: guest, design }))).toBe(401);
    expect(deniedStatus(() => grantArtistCleanImages({ actor: customer, design }))).toBe(403);
    expect(deniedStatus(() => grantArtistCleanImages({ actor: otherArtist, design }))).toBe(404);
    expect(deniedStatus(() => grantArtistCleanImages({ actor: owner, design: undefined }))).toBe(404);
  });
});
