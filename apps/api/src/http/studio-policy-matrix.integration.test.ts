import { STUDIO_API } from "@threadfolk/contract/studio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Artist, buildDesign, type Design } from "../../test/factories/catalogue.ts";
import { newGuestToken, signInNewArtist, signInNewCustomer } from "../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";
import { designDrafts, storefrontCollectionDesigns, storefrontCollections, uploads } from "../db/schema/index.ts";

/**
 * The seller studio's policy matrix (issue 14, deliverable 7; decision 014's statuses): every studio route,
 * called by the resource's artist, another artist, a customer without a storefront, a guest and no token.
 * Another artist's resource answers as a missing one (404); a list of "mine" answers 200 with their own data
 * and never the owner's. Add a route by adding a row to STUDIO_ROUTES (fixtures give the owner's resources).
 */

/** Who calls: the owner of the resources, another artist, a plain customer, a guest token, no token. */
const CALLERS = ["owner", "otherArtist", "customer", "guest", "none"] as const;
type Caller = (typeof CALLERS)[number];

/** The owner's resources, made fresh for each row (a row may change or delete them). */
type Fixtures = {
  artist: Artist;
  design: Design;
  /** A second design of the owner's, for bodies that name designs. */
  otherDesign: Design;
  collectionId: string;
  draftId: string;
  /** A ready artwork upload of the owner's. */
  uploadId: string;
};

type StudioRoute = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: (fixtures: Fixtures) => string;
  body?: (fixtures: Fixtures) => unknown;
  /** The status each caller gets. */
  expect: Record<Caller, number>;
  /** Text of the owner's that another artist's 2xx reply must not contain (their "mine" is not the owner's). */
  private?: (fixtures: Fixtures) => string[];
};

/** The statuses of an action on one resource of the owner's. */
const ownResource = (ok: number) => ({ owner: ok, otherArtist: 404, customer: 403, guest: 401, none: 401 });
/** The statuses of a "mine" action (list, create, read my totals): every artist gets their own. */
const mine = (ok: number) => ({ owner: ok, otherArtist: ok, customer: 403, guest: 401, none: 401 });

const collectionBody = (fixtures: Fixtures) => ({
  storefront_collection: {
    name: `Section ${Math.random().toString(36).slice(2, 8)}`,
    design_uuids: [fixtures.design.id],
  },
});

const STUDIO_ROUTES: Record<string, StudioRoute> = {
  "list my designs": {
    method: "GET",
    path: () => STUDIO_API.sellerDesigns,
    expect: mine(200),
    private: (fixtures) => [fixtures.design.id, fixtures.draftId],
  },
  "deactivate a design": {
    method: "POST",
    path: () => STUDIO_API.deactivateDesign,
    body: (fixtures) => ({ uuid: fixtures.design.id }),
    expect: ownResource(200),
  },
  "reactivate a design": {
    method: "POST",
    path: () => STUDIO_API.reactivateDesign,
    body: (fixtures) => ({ uuid: fixtures.design.id }),
    expect: ownResource(200),
  },
  "list my storefront collections": {
    method: "GET",
    path: () => STUDIO_API.storefrontCollections,
    expect: mine(200),
    private: (fixtures) => [fixtures.collectionId],
  },
  "create a storefront collection": {
    method: "POST",
    path: () => STUDIO_API.storefrontCollections,
    body: collectionBody,
    // Another artist naming the owner's design in their own collection: refused as not theirs (422).
    expect: { ...mine(201), otherArtist: 422 },
  },
  "read a storefront collection": {
    method: "GET",
    path: (fixtures) => STUDIO_API.storefrontCollection(fixtures.collectionId),
    expect: ownResource(200),
  },
  "change a storefront collection": {
    method: "PATCH",
    path: (fixtures) => STUDIO_API.storefrontCollection(fixtures.collectionId),
    body: (fixtures) => ({ storefront_collection: { name: "Renamed", design_uuids: [fixtures.otherDesign.id] } }),
    expect: ownResource(200),
  },
  "delete a storefront collection": {
    method: "DELETE",
    path: (fixtures) => STUDIO_API.storefrontCollection(fixtures.collectionId),
    expect: ownResource(204),
  },
  "list my sales": { method: "GET", path: () => STUDIO_API.sales, expect: mine(200) },
  "list my sales of one design": {
    method: "GET",
    path: (fixtures) => `${STUDIO_API.sales}?design_uuid=${fixtures.design.id}`,
    expect: mine(200),
  },
  "read my sales summary": { method: "GET", path: () => STUDIO_API.salesSummary, expect: mine(200) },
  "export my sales": { method: "GET", path: () => STUDIO_API.salesCsv, expect: mine(200) },
  // Uploads belong to customers (an avatar comes before a storefront): anyone else's is a 404, customers too.
  "read an upload's status": {
    method: "GET",
    path: (fixtures) => STUDIO_API.uploadStatus(fixtures.uploadId),
    expect: { owner: 200, otherArtist: 404, customer: 404, guest: 401, none: 401 },
  },
};

let server: TestServer;
const tokens: Record<Caller, string | undefined> = {
  owner: undefined,
  otherArtist: undefined,
  customer: undefined,
  guest: undefined,
  none: undefined,
};
let owner: Artist;
let ownerUserId: string;

beforeAll(async () => {
  server = await getTestServer();
  const ownerActor = await signInNewArtist(server);
  owner = ownerActor.artist;
  ownerUserId = ownerActor.user.id;
  tokens.owner = ownerActor.token;
  tokens.otherArtist = (await signInNewArtist(server)).token;
  tokens.customer = (await signInNewCustomer(server)).token;
  tokens.guest = await newGuestToken(server);
});

afterAll(async () => {
  await server.close();
});

async function makeFixtures(): Promise<Fixtures> {
  const { db } = server.database;
  const { design } = await buildDesign(db, { artist: owner });
  const { design: otherDesign } = await buildDesign(db, { artist: owner });
  const [collection] = await db
    .insert(storefrontCollections)
    .values({ sellerProfileId: owner.id, name: `Fixture ${design.id}`, position: 0 })
    .returning();
  if (!collection) throw new Error("no collection");
  await db
    .insert(storefrontCollectionDesigns)
    .values({ collectionId: collection.id, designId: design.id, position: 0 });
  const [draft] = await db
    .insert(designDrafts)
    .values({ sellerProfileId: owner.id, step: "details", data: { title: "Fixture draft" } })
    .returning();
  if (!draft) throw new Error("no draft");
  const [upload] = await db
    .insert(uploads)
    .values({ userId: ownerUserId, purpose: "artwork", status: "ready", declaredBytes: 1000, width: 900, height: 900 })
    .returning();
  if (!upload) throw new Error("no upload");
  return {
    artist: owner,
    design,
    otherDesign,
    collectionId: collection.id,
    draftId: draft.id,
    uploadId: upload.id,
  };
}

describe("studio policy matrix", () => {
  for (const [name, route] of Object.entries(STUDIO_ROUTES)) {
    it(`${route.method} ${name}`, async () => {
      const fixtures = await makeFixtures();
      const path = route.path(fixtures);
      // The owner goes last: their call may change or delete the resource.
      const order: Caller[] = ["none", "guest", "customer", "otherArtist", "owner"];
      const seen: Record<string, number> = {};
      for (const caller of order) {
        const body = route.body?.(fixtures);
        const response = await server.request(path, {
          method: route.method,
          token: tokens[caller],
          ...(body === undefined ? {} : { body }),
        });
        seen[caller] = response.status;
        if (response.status >= 400) {
          expect(response.headers.get("content-type"), `${caller}: ${response.text}`).toContain("application/json");
        }
        if (caller === "otherArtist" && response.status < 300) {
          for (const secret of route.private?.(fixtures) ?? []) expect(response.text).not.toContain(secret);
        }
      }
      expect(seen).toEqual(route.expect);
    });
  }
});
