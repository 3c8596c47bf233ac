import { CART_MESSAGES } from "@threadfolk/contract/cart";
import { REPORT_MESSAGES } from "@threadfolk/contract/moderation";
import { ORDER_MESSAGES } from "@threadfolk/contract/orders";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArtist, buildCollectionItem, buildDesign } from "../../../test/factories/catalogue.ts";
import { buildPaidOrder } from "../../../test/factories/paid-orders.ts";
import { testModerator } from "../../../test/moderation.ts";
import { requestToken, signIn } from "../../../test/oauth-client.ts";
import { deliverAndReadLatestEmail, temporaryDataDir } from "../../../test/outbox.ts";
import { newGuestToken, signInNewArtist, signInNewCustomer } from "../../../test/studio-actors.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { designReports, designs, designTakedowns, jobs, sellerProfiles, users } from "../../db/schema/index.ts";
import { dismissReports } from "./dismiss-reports.ts";
import { listReportQueue } from "./list-report-queue.ts";
import { findPeople, getPerson } from "./people.ts";
import { restoreDesign } from "./restore-design.ts";
import { restoreAccount, restoreStorefront, suspendAccount, suspendStorefront } from "./suspend-people.ts";
import { takeDownDesign } from "./take-down-design.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({
    env: {
      DATA_DIR: temporaryDataDir(),
      // A hidden design must leave the home payload at once here (in production within the cache's seconds).
      DISCOVERY_CACHE_SECONDS: "0",
      DESIGN_REPORTS_PER_IP: "1000",
      DESIGN_REPORTS_PER_EMAIL: "1000",
    },
  });
});

afterAll(async () => {
  await server.close();
});

const report = (designId: string, body: unknown, token?: string) =>
  server.request(`/api/v1/designs/${designId}/reports`, { method: "POST", body, ...(token ? { token } : {}) });

const validReport = (email = `reporter-${crypto.randomUUID()}@example.com`) => ({
  reason: "intellectual_property",
  email,
  details: "This is my drawing from 2019, copied without permission.",
});

describe("POST /api/v1/designs/{uuid}/reports", () => {
  it("takes a report from a visitor without a token, a guest and a signed-in customer", async () => {
    const { db } = server.database;
    const { design } = await buildDesign(db);
    const anonymous = await report(design.id, validReport());
    expect(anonymous.status, anonymous.text).toBe(201);
    expect(anonymous.body.data).toMatchObject({
      type: "design_report",
      attributes: { reason: "intellectual_property" },
    });
    const guest = await report(
      design.id.toUpperCase(),
      { ...validReport(), reason: "offensive" },
      await newGuestToken(server),
    );
    expect(guest.status, guest.text).toBe(201);
    const customer = await signInNewCustomer(server);
    const signedIn = await report(design.id, { ...validReport(customer.user.email), reason: "other" }, customer.token);
    expect(signedIn.status, signedIn.text).toBe(201);

    const rows = await db.select().from(designReports).where(eq(designReports.designId, design.id));
    expect(rows.map((row) => [row.reason, row.state, row.reporterUserId]).sort()).toEqual(
      [
        ["intellectual_property", "open", null],
        ["offensive", "open", null],
        ["other", "open", customer.user.id],
      ].sort(),
    );
    expect(rows.find((row) => row.reason === "other")?.details).toBe(validReport().details);
  });

  it("refuses bad input with the form's messages, and unknown designs with a 404", async () => {
    const { db } = server.database;
    const { design } = await buildDesign(db);
    const cases: Array<[unknown, string, string]> = [
      [{ ...validReport(), reason: undefined }, "reason", REPORT_MESSAGES.reasonRequired],
      [{ ...validReport(), reason: "spam" }, "reason", REPORT_MESSAGES.reasonRequired],
      [{ ...validReport(), email: "" }, "email", "Email is required"],
      [{ ...validReport(), email: "not-an-email" }, "email", "Email is invalid"],
      [{ ...validReport(), details: "   " }, "details", REPORT_MESSAGES.detailsRequired],
      [{ ...validReport(), details: "x".repeat(2001) }, "details", REPORT_MESSAGES.detailsLength],
    ];
    for (const [body, field, message] of cases) {
      const response = await report(design.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body.error.details).toContainEqual({ field, message });
    }
    expect((await report(design.id, { ...validReport(), extra: 1 })).status).toBe(422);
    expect((await report(design.id, undefined)).status).toBe(400);
    expect((await report(crypto.randomUUID(), validReport())).status).toBe(404);
    expect((await report("not-a-uuid", validReport())).status).toBe(422);
    const unpublished = await buildDesign(db, { publishedAt: null });
    expect((await report(unpublished.design.id, validReport())).status).toBe(404);
    expect(await db.select().from(designReports).where(eq(designReports.designId, design.id))).toEqual([]);
  });
});

describe("the report queue", () => {
  it("groups open reports by design, the longest waiting first, with reasons and strikes", async () => {
    const { db } = server.database;
    const artist = await buildArtist(db);
    const first = await buildDesign(db, { artist, displayName: "Queue First" });
    const second = await buildDesign(db, { artist, displayName: "Queue Second" });
    await db.insert(designReports).values([
      {
        designId: first.design.id,
        reason: "offensive",
        email: "a@example.com",
        details: "One",
        createdAt: new Date(Date.now() - 10 * 86_400_000),
      },
      {
        designId: first.design.id,
        reason: "intellectual_property",
        email: "b@example.com",
        details: "Two",
        createdAt: new Date(Date.now() - 9 * 86_400_000),
      },
      {
        designId: second.design.id,
        reason: "other",
        email: "c@example.com",
        details: "Three",
        createdAt: new Date(Date.now() - 8 * 86_400_000),
      },
      {
        designId: second.design.id,
        reason: "other",
        email: "d@example.com",
        details: "Closed",
        state: "dismissed",
        resolvedAt: new Date(),
        createdAt: new Date(Date.now() - 11 * 86_400_000),
      },
    ]);
    const { entries, totalCount } = await listReportQueue({ db, page: 1 });
    expect(totalCount).toBeGreaterThanOrEqual(2);
    const ours = entries.filter((entry) => entry.artistId === artist.id);
    expect(ours.map((entry) => [entry.designName, entry.openReportCount, entry.reasons])).toEqual([
      ["Queue First", 2, ["intellectual_property", "offensive"]],
      ["Queue Second", 1, ["other"]],
    ]);
    expect(ours[0]?.reports.map((entry) => entry.details)).toEqual(["Two", "One"]);
    expect(ours[0]).toMatchObject({ takenDown: false, strikes: 0, storefrontSuspended: false, designStatus: "active" });
  });
});

describe("taking a design down and restoring it", () => {
  it("hides it everywhere, keeps carts honest, e-mails the artist the reason, and restores it", async () => {
    const { db } = server.database;
    const { user: artistUser, artist } = await signInNewArtist(server);
    const word = `zqm${Date.now().toString(36)}`;
    const { design, defaultVariant } = await buildDesign(db, { artist, displayName: `Heron ${word}`, tags: [word] });
    await buildCollectionItem(db, { collectionKey: "anime", design, position: 0 });
    const shopper = await signInNewCustomer(server);
    const added = await server.request("/api/v1/order_line_items", {
      method: "POST",
      token: shopper.token,
      body: { order_line_item: { seller_design_product_variant_id: defaultVariant.id, size: "M", color: "black" } },
    });
    expect(added.status, added.text).toBe(201);
    const liked = await server.request("/api/v1/liked_seller_design_product_variants", {
      method: "POST",
      token: shopper.token,
      body: { liked_seller_design_product_variant: { seller_design_product_variant_id: defaultVariant.id } },
    });
    expect(liked.status, liked.text).toBeLessThan(300);
    const buyer = await signInNewCustomer(server);
    const paid = await buildPaidOrder(db, { user: buyer.user, lines: [{ variant: defaultVariant, quantity: 1 }] });
    expect((await report(design.id, validReport())).status).toBe(201);

    const visible = async () => {
      const search = await server.request(`/api/v1/internal_design_collections?query=${word}`);
      const storefront = await server.request(`/api/v1/artists/${artist.id}`);
      const home = await server.request("/api/v1/internal_design_collections");
      const anime = await server.request("/api/v1/internal_design_collections/anime");
      const likes = await server.request("/api/v1/liked_seller_design_product_variants", { token: shopper.token });
      const sitemap = await server.request("/sitemap.xml");
      const page = await server.request(`/api/v1/designs/${design.id}`);
      return {
        search: search.body.data.some((card: { uuid: string }) => card.uuid === design.id),
        storefront: storefront.body.designs.some((card: { uuid: string }) => card.uuid === design.id),
        home: home.body.anime.attributes.home_page_preview.some((card: { uuid: string }) => card.uuid === design.id),
        collection: anime.body.data.some((card: { uuid: string }) => card.uuid === design.id),
        favorites: JSON.stringify(likes.body).includes(design.id),
        sitemap: sitemap.text.includes(design.id),
        page: page.status,
      };
    };
    const shown = {
      search: true,
      storefront: true,
      home: true,
      collection: true,
      favorites: true,
      sitemap: true,
      page: 200,
    };
    expect(await visible()).toEqual(shown);

    const moderator = await testModerator(server);
    const result = await takeDownDesign({
      context: server.context,
      actor: moderator.actor,
      designId: design.id,
      kind: "offensive",
      reason: "Hateful imagery, against our content rules.",
    });
    expect(result).toMatchObject({ strikes: null, storefrontSuspended: false });
    expect(result.resolvedReportIds).toHaveLength(1);
    expect(await visible()).toEqual({
      search: false,
      storefront: false,
      home: false,
      collection: false,
      favorites: false,
      sitemap: false,
      page: 410,
    });
    const page = await server.request(`/api/v1/designs/${design.id}`);
    expect(page.body.error).toEqual({ code: "gone", message: "This design is no longer available" });

    // The cart shows the line as no longer available; placing the order is refused, naming the design.
    const cart = await server.request("/api/v1/shopping_cart", { token: shopper.token });
    expect(cart.body.data.attributes.unavailable_line_items).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ design_uuid: design.id, message: CART_MESSAGES.variantUnavailable }),
      }),
    ]);
    const placed = await server.request("/api/v1/orders", {
      method: "POST",
      token: shopper.token,
      body: { order: {} },
    });
    expect(placed.status).toBe(409);
    expect(placed.body.error.message).toBe(ORDER_MESSAGES.designUnavailable([`Heron ${word}`]));
    // The placed order keeps its line.
    const order = await server.request(`/api/v1/orders/${paid.order.orderNumber}`, { token: buyer.token });
    expect(order.status).toBe(200);

    // The artist is e-mailed the reason; no strike for an offensive takedown.
    const mail = await deliverAndReadLatestEmail(server, artistUser.email);
    // (Compared without white space: the outbox reader may split a long encoded subject where it was folded.)
    expect(mail.subject.replace(/\s+/g, "")).toBe(`Yourdesign"Heron${word}"hasbeentakendown`);
    expect(mail.text).toContain("Hateful imagery, against our content rules.");
    expect(mail.text).toContain("Reason: Offensive.");
    expect(mail.text).not.toContain("strike");
    // The report is resolved; the audit entry has what changed and the reason.
    const [closed] = await db.select().from(designReports).where(eq(designReports.designId, design.id));
    expect(closed).toMatchObject({ state: "resolved", resolvedByOperatorId: moderator.actor.operatorId });
    expect(moderator.entries).toEqual([
      expect.objectContaining({
        action: "design.take_down",
        subjectType: "design",
        subjectId: design.id,
        reason: "Hateful imagery, against our content rules.",
        before: { takenDown: false, status: "active" },
      }),
    ]);
    // Twice is a conflict; the artist cannot bring it back by reactivating it.
    await expect(
      takeDownDesign({
        context: server.context,
        actor: moderator.actor,
        designId: design.id,
        kind: "other",
        reason: "Again",
      }),
    ).rejects.toMatchObject({ code: "conflict" });

    const restored = await restoreDesign({
      context: server.context,
      actor: moderator.actor,
      designId: design.id,
      reason: "Reviewed again: within the rules.",
    });
    expect(restored).toEqual({ strikeLifted: false, strikes: 0, storefrontRestored: false });
    expect(await visible()).toEqual(shown);
    const back = await deliverAndReadLatestEmail(server, artistUser.email);
    expect(back.subject.replace(/\s+/g, "")).toBe(`Yourdesign"Heron${word}"isback`);
    const cartAgain = await server.request("/api/v1/shopping_cart", { token: shopper.token });
    expect(cartAgain.body.data.attributes.unavailable_line_items).toEqual([]);
    await expect(
      restoreDesign({ context: server.context, actor: moderator.actor, designId: design.id, reason: "Again" }),
    ).rejects.toMatchObject({ code: "conflict" });
    await expect(
      takeDownDesign({
        context: server.context,
        actor: moderator.actor,
        designId: crypto.randomUUID(),
        kind: "other",
        reason: "Nothing",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("commits nothing when the audit entry cannot be written", async () => {
    const { db } = server.database;
    const { artist } = await signInNewArtist(server);
    const { design } = await buildDesign(db, { artist });
    const jobsBefore = (await db.select({ id: jobs.id }).from(jobs)).length;
    const failing = await testModerator(server, { failWith: new Error("audit log unavailable") });
    await expect(
      takeDownDesign({
        context: server.context,
        actor: failing.actor,
        designId: design.id,
        kind: "intellectual_property",
        reason: "Copied",
      }),
    ).rejects.toThrow("audit log unavailable");
    const [row] = await db.select().from(designs).where(eq(designs.id, design.id));
    expect(row?.takenDownAt).toBeNull();
    expect(await db.select().from(designTakedowns).where(eq(designTakedowns.designId, design.id))).toEqual([]);
    expect((await db.select({ id: jobs.id }).from(jobs)).length).toBe(jobsBefore);
  });

  it("counts IP takedowns as strikes: the third suspends the storefront, restoring one lifts it", async () => {
    const { db } = server.database;
    const { user, artist, token } = await signInNewArtist(server);
    const made = [];
    for (const name of ["Strike One", "Strike Two", "Strike Three", "Untouched"]) {
      made.push((await buildDesign(db, { artist, displayName: name })).design);
    }
    const [one, two, three, untouched] = made as [
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
    ];
    const moderator = await testModerator(server);
    const takeDown = (designId: string, kind: "intellectual_property" | "other") =>
      takeDownDesign({
        context: server.context,
        actor: moderator.actor,
        designId,
        kind,
        reason: "A rights holder's notice",
      });

    expect(await takeDown(one.id, "intellectual_property")).toMatchObject({ strikes: 1, storefrontSuspended: false });
    const firstMail = await deliverAndReadLatestEmail(server, user.email);
    expect(firstMail.text).toContain("Strikes standing: 1 of 3");
    expect(firstMail.text).toContain("counter-notice");
    expect(await takeDown(two.id, "other")).toMatchObject({ strikes: null });
    expect(await takeDown(three.id, "intellectual_property")).toMatchObject({ strikes: 2, storefrontSuspended: false });
    await restoreDesign({ context: server.context, actor: moderator.actor, designId: two.id, reason: "Fine" });
    const third = await buildDesign(db, { artist, displayName: "Strike Four" });
    expect(await takeDown(third.design.id, "intellectual_property")).toMatchObject({
      strikes: 3,
      storefrontSuspended: true,
    });
    const suspendedMail = await deliverAndReadLatestEmail(server, user.email);
    expect(suspendedMail.text).toContain("Your storefront is now suspended");
    expect(moderator.entries.map((entry) => entry.action)).toContain("storefront.suspend");

    // Suspended: the storefront and all its designs are hidden; the artist still signs in and reads Sales.
    const storefront = await server.request(`/api/v1/artists/${artist.id}`);
    expect(storefront.status).toBe(410);
    expect((await server.request(`/api/v1/designs/${untouched.id}`)).status).toBe(410);
    expect((await server.request(`/api/v1/designs/${two.id}`)).status).toBe(410);
    const search = await server.request(`/api/v1/internal_design_collections?query=${encodeURIComponent("Untouched")}`);
    expect(search.body.data.some((card: { uuid: string }) => card.uuid === untouched.id)).toBe(false);
    expect((await signIn(server, user.email, user.password)).access_token).toBeTruthy();
    expect((await server.request("/api/v1/seller_sales/summary", { token })).status).toBe(200);
    const profile = await server.request("/api/v1/seller_profile", { token });
    expect(profile.body.data.attributes.suspension).toMatchObject({ cause: "strikes" });
    expect(profile.body.data.attributes.strikes).toBe(3);

    // Restoring one takedown lifts its strike (decision 072), and with it the suspension the strikes caused.
    const restored = await restoreDesign({
      context: server.context,
      actor: moderator.actor,
      designId: one.id,
      reason: "Counter-notice received; the claimant did not sue",
    });
    expect(restored).toEqual({ strikeLifted: true, strikes: 2, storefrontRestored: true });
    expect((await server.request(`/api/v1/artists/${artist.id}`)).status).toBe(200);
    expect((await server.request(`/api/v1/designs/${untouched.id}`)).status).toBe(200);
    expect((await server.request(`/api/v1/designs/${three.id}`)).status).toBe(410);
    const [row] = await db.select().from(sellerProfiles).where(eq(sellerProfiles.id, artist.id));
    expect(row).toMatchObject({ suspendedAt: null, suspensionCause: null });
  });
});

describe("dismissing reports", () => {
  it("closes the open reports of a design (or one of them) and leaves the design as it is", async () => {
    const { db } = server.database;
    const { design } = await buildDesign(db);
    const firstReport = await report(design.id, validReport());
    await report(design.id, { ...validReport(), reason: "other" });
    const moderator = await testModerator(server);
    const one = await dismissReports({
      context: server.context,
      actor: moderator.actor,
      designId: design.id,
      reportId: firstReport.body.data.id,
    });
    expect(one.dismissedReportIds).toEqual([firstReport.body.data.id]);
    const rest = await dismissReports({
      context: server.context,
      actor: moderator.actor,
      designId: design.id,
      reason: "Not a problem",
    });
    expect(rest.dismissedReportIds).toHaveLength(1);
    const open = await db
      .select()
      .from(designReports)
      .where(and(eq(designReports.designId, design.id), eq(designReports.state, "open")));
    expect(open).toEqual([]);
    expect((await listReportQueue({ db, page: 1 })).entries.some((entry) => entry.designId === design.id)).toBe(false);
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(200);
    await expect(
      dismissReports({ context: server.context, actor: moderator.actor, designId: design.id }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(moderator.entries.map((entry) => entry.action)).toEqual(["design_report.dismiss", "design_report.dismiss"]);
  });
});

describe("people", () => {
  it("suspends a customer's account (no sign-in, tokens refused) and restores it", async () => {
    const customer = await signInNewCustomer(server);
    const moderator = await testModerator(server);
    await suspendAccount({
      context: server.context,
      actor: moderator.actor,
      userId: customer.user.id,
      reason: "Card fraud",
    });
    expect((await server.request("/api/v1/shopping_cart", { token: customer.token })).status).toBe(401);
    const refused = await requestToken(server, {
      grant_type: "password",
      email: customer.user.email,
      password: customer.user.password,
    });
    expect(refused.status).not.toBe(200);
    await expect(
      suspendAccount({ context: server.context, actor: moderator.actor, userId: customer.user.id, reason: "Again" }),
    ).rejects.toMatchObject({ code: "conflict" });
    const person = await getPerson({ db: server.database.db, userId: customer.user.id });
    expect(person).toMatchObject({ accountSuspended: true, suspensionReason: "Card fraud" });

    await restoreAccount({
      context: server.context,
      actor: moderator.actor,
      userId: customer.user.id,
      reason: "Cleared",
    });
    expect((await signIn(server, customer.user.email, customer.user.password)).access_token).toBeTruthy();
    expect(moderator.entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ["account.suspend", "Card fraud"],
      ["account.restore", "Cleared"],
    ]);
  });

  it("suspends an artist's storefront by an operator's decision; only an operator lifts it", async () => {
    const { db } = server.database;
    const { user, artist, token } = await signInNewArtist(server);
    const { design } = await buildDesign(db, { artist });
    const moderator = await testModerator(server);
    await suspendStorefront({
      context: server.context,
      actor: moderator.actor,
      sellerProfileId: artist.id,
      reason: "Fake brand",
    });
    expect((await server.request(`/api/v1/artists/${artist.id}`)).status).toBe(410);
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(410);
    // The artist still signs in and sees the banner's facts.
    const profile = await server.request("/api/v1/seller_profile", { token });
    expect(profile.body.data.attributes.suspension).toMatchObject({ cause: "operator", reason: "Fake brand" });
    expect((await signIn(server, user.email, user.password)).access_token).toBeTruthy();
    await restoreStorefront({
      context: server.context,
      actor: moderator.actor,
      sellerProfileId: artist.id,
      reason: "Proved ownership",
    });
    expect((await server.request(`/api/v1/designs/${design.id}`)).status).toBe(200);
    await expect(
      restoreStorefront({
        context: server.context,
        actor: moderator.actor,
        sellerProfileId: artist.id,
        reason: "Again",
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("finds people by e-mail, name or username, and shows orders, designs and strikes without secrets", async () => {
    const { db } = server.database;
    const { user, artist } = await signInNewArtist(server);
    await db.update(users).set({ firstName: "Quillon", lastName: "Marsh" }).where(eq(users.id, user.id));
    const { design, defaultVariant } = await buildDesign(db, { artist, displayName: "Marsh Heron" });
    const paid = await buildPaidOrder(db, { user, lines: [{ variant: defaultVariant, quantity: 1 }] });
    await takeDownDesign({
      context: server.context,
      actor: (await testModerator(server)).actor,
      designId: design.id,
      kind: "intellectual_property",
      reason: "Notice from a rights holder",
    });

    for (const query of [user.email.toUpperCase(), "quillon marsh", user.uniqueUsername, artist.uniqueUsername]) {
      const { people } = await findPeople({ db, query, page: 1 });
      expect(
        people.map((person) => person.id),
        query,
      ).toContain(user.id);
    }
    expect((await findPeople({ db, query: "%", page: 1 })).people.some((person) => person.id === user.id)).toBe(false);

    const person = await getPerson({ db, userId: user.id });
    expect(person).toMatchObject({
      email: user.email,
      firstName: "Quillon",
      accountSuspended: false,
      storefront: { id: artist.id, suspended: false },
      strikes: 1,
    });
    expect(person.orders).toEqual([
      expect.objectContaining({
        number: paid.order.orderNumber,
        totalCents: paid.order.totalCents,
        state: paid.order.state,
      }),
    ]);
    expect(person.designs).toEqual([expect.objectContaining({ id: design.id, takenDown: true, status: "active" })]);
    expect(person.takedowns).toEqual([
      expect.objectContaining({ designId: design.id, kind: "intellectual_property", isStrike: true, restoredAt: null }),
    ]);
    const json = JSON.stringify(person);
    const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(json).not.toContain(stored?.passwordHash);
    expect(json).not.toMatch(/password|token|card_number|cardNumber/i);
    await expect(getPerson({ db, userId: crypto.randomUUID() })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("report limits", () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await getTestServer({ env: { DESIGN_REPORTS_PER_IP: "6", DESIGN_REPORTS_PER_EMAIL: "3" } });
  });

  afterAll(async () => {
    await limited.close();
  });

  it("limits reports per e-mail, for a signed-in artist too, and per client address", async () => {
    const { design } = await buildDesign(limited.database.db);
    const artist = await signInNewArtist(limited);
    const send = (email: string) =>
      limited.request(`/api/v1/designs/${design.id}/reports`, {
        method: "POST",
        token: artist.token,
        body: { ...validReport(email) },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await send(artist.user.email)).status).toBe(201);
    const refused = await send(artist.user.email.toUpperCase());
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other addresses from the same client, up to the address's limit (6 in all, the refused one counted).
    expect((await send("second@example.com")).status).toBe(201);
    expect((await send("third@example.com")).status).toBe(201);
    expect((await send("fourth@example.com")).status).toBe(429);
    const rows = await limited.database.db.select().from(designReports).where(eq(designReports.designId, design.id));
    expect(rows).toHaveLength(5);
  });
});

describe("the artist's view of a taken-down design", () => {
  it("shows it as taken down in My Designs, and refuses to reactivate or deactivate it", async () => {
    const { db } = server.database;
    const { artist, token } = await signInNewArtist(server);
    const { design } = await buildDesign(db, { artist, displayName: "Down Heron" });
    await takeDownDesign({
      context: server.context,
      actor: (await testModerator(server)).actor,
      designId: design.id,
      kind: "offensive",
      reason: "Against the rules",
    });
    const mine = await server.request("/api/v1/seller_designs", { token });
    expect(mine.body.data.find((entry: { id: string }) => entry.id === design.id)?.attributes.status).toBe(
      "taken_down",
    );
    const live = await server.request("/api/v1/seller_designs?status=live", { token });
    expect(live.body.data.some((entry: { id: string }) => entry.id === design.id)).toBe(false);
    for (const action of ["reactivate", "deactivate"]) {
      const response = await server.request(`/api/v1/seller_designs/${action}`, {
        method: "POST",
        token,
        body: { uuid: design.id },
      });
      expect(response.status, action).toBe(409);
      expect(response.body.error.message).toContain("taken down by our moderators");
    }
    const editor = await server.request(`/api/v1/seller_designs/${design.id}`, { token });
    expect(editor.body.data.attributes.status).toBe("taken_down");
  });
});
