import { MERCHANDISING_LIMITS } from "@threadfolk/contract/merchandising";
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { designs, marketplaceSaleDesigns, marketplaceSales, sellerProfiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bumpCatalogueGeneration } from "../../lib/catalogue-generation.ts";
import { isListedDesign } from "../catalogue/listed-designs.ts";
import type { ChangeOptions, Executor } from "./merchandising-change.ts";

/**
 * The marketplace sale (issue 28, decision 076): a window, a percentage off (5 to 50) and the designs it covers
 * (every listed design, or a chosen list). Never two sales whose windows overlap. A sale takes its percentage
 * from the artists' royalty too (decision 030: the artist's share is of the margin at the sale price), so once
 * it has started its terms are fixed: the percentage, the start and the design list cannot change (orders were
 * placed and artists earned under them, and artists were told the terms before it began); it can only end
 * sooner. A sale not started yet can be changed entirely, or called off.
 */

export type SaleStatus = "scheduled" | "running" | "ended";

export type MarketplaceSale = {
  id: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
  percentOff: number;
  appliesToAllDesigns: boolean;
  status: SaleStatus;
  /** The chosen designs (empty when the sale covers every listed design). */
  designIds: string[];
  /** The chosen designs with their titles and artists. */
  designs: Array<{ id: string; displayName: string; artistName: string }>;
  /** How many designs the sale covers now (`designsCoveredBySale`). */
  coveredDesignCount: number;
};

export type SaleTerms = {
  name: string;
  startsAt: Date;
  endsAt: Date;
  percentOff: number;
  appliesToAllDesigns: boolean;
  designIds: string[];
};

/** A start up to this long ago counts as "now" (the form's clock and the server's differ a little). */
const START_GRACE_MS = 5 * 60 * 1000;

/**
 * THE rule for which designs a sale covers, as a condition over `designs`: every listed design when the sale
 * applies to all, else the listed designs of its list. The admin screens count and list through it; the
 * payouts work (issue 29: artists told before a sale starts, and able to opt designs out) hooks in here.
 */
export function designsCoveredBySale(saleId: number): SQL {
  return sql`(${isListedDesign()} and exists (
    select 1 from ${marketplaceSales} s
    where s.id = ${saleId}
      and (s.applies_to_all_designs or exists (
        select 1 from ${marketplaceSaleDesigns} sd where sd.sale_id = s.id and sd.design_id = ${designs.id})
      )
  ))`;
}

/** The designs a sale covers, by title (for the screens and notices), with their artists. */
export async function listDesignsCoveredBySale(options: {
  db: Executor;
  saleId: number;
  limit?: number;
  offset?: number;
}) {
  return options.db
    .select({ id: designs.id, displayName: designs.displayName, artistName: sellerProfiles.displayName })
    .from(designs)
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .where(designsCoveredBySale(options.saleId))
    .orderBy(asc(designs.displayName), asc(designs.id))
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
}

export function saleStatus(sale: { startsAt: Date; endsAt: Date }, now: Date): SaleStatus {
  if (now < sale.startsAt) return "scheduled";
  return now < sale.endsAt ? "running" : "ended";
}

async function loadSale(db: Executor, saleId: number, now: Date): Promise<MarketplaceSale | undefined> {
  const [row] = await db.select().from(marketplaceSales).where(eq(marketplaceSales.id, saleId));
  if (!row) return undefined;
  const chosen = await db
    .select({
      designId: marketplaceSaleDesigns.designId,
      displayName: designs.displayName,
      artistName: sellerProfiles.displayName,
    })
    .from(marketplaceSaleDesigns)
    .innerJoin(designs, eq(designs.id, marketplaceSaleDesigns.designId))
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, designs.sellerProfileId))
    .where(eq(marketplaceSaleDesigns.saleId, saleId))
    .orderBy(asc(designs.displayName), asc(marketplaceSaleDesigns.designId));
  const [covered] = await db.select({ value: count() }).from(designs).where(designsCoveredBySale(saleId));
  return {
    id: row.id,
    name: row.name,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    percentOff: row.percentOff,
    appliesToAllDesigns: row.appliesToAllDesigns,
    status: saleStatus(row, now),
    designIds: row.appliesToAllDesigns ? [] : chosen.map((item) => item.designId),
    designs: row.appliesToAllDesigns
      ? []
      : chosen.map((item) => ({ id: item.designId, displayName: item.displayName, artistName: item.artistName })),
    coveredDesignCount: Number(covered?.value ?? 0),
  };
}

/** Every sale, the latest first. */
export async function listSales({ db, now = new Date() }: { db: Database; now?: Date }): Promise<MarketplaceSale[]> {
  const rows = await db
    .select({ id: marketplaceSales.id })
    .from(marketplaceSales)
    .orderBy(desc(marketplaceSales.startsAt))
    .limit(50);
  const sales: MarketplaceSale[] = [];
  for (const row of rows) {
    const sale = await loadSale(db, row.id, now);
    if (sale) sales.push(sale);
  }
  return sales;
}

function snapshot(sale: MarketplaceSale | undefined) {
  if (!sale) return null;
  const { status: _status, coveredDesignCount: _count, designs: _designs, ...terms } = sale;
  return { ...terms, startsAt: terms.startsAt.toISOString(), endsAt: terms.endsAt.toISOString() };
}

function invalid(field: string, message: string): AppError {
  return new AppError("validation_failed", message, [{ field, message }]);
}

/** Checks terms on their own (the window, the percentage, the designs listed). */
async function checkTerms(tx: Executor, terms: SaleTerms, now: Date, isNew: boolean): Promise<void> {
  if (terms.endsAt <= terms.startsAt) throw invalid("ends_at", "The sale must end after it starts");
  if (isNew && terms.startsAt.getTime() < now.getTime() - START_GRACE_MS) {
    throw invalid("starts_at", "The start is in the past: a sale starts now at the earliest");
  }
  if (terms.endsAt <= now) throw invalid("ends_at", "The end is in the past");
  if (terms.endsAt.getTime() - terms.startsAt.getTime() > MERCHANDISING_LIMITS.saleMaxDays * 24 * 3600 * 1000) {
    throw invalid("ends_at", `A sale runs at most ${MERCHANDISING_LIMITS.saleMaxDays} days`);
  }
  const { salePercentMin, salePercentMax } = MERCHANDISING_LIMITS;
  if (!Number.isInteger(terms.percentOff) || terms.percentOff < salePercentMin || terms.percentOff > salePercentMax) {
    throw invalid("percent_off", `A sale takes ${salePercentMin}% to ${salePercentMax}% off`);
  }
  if (!terms.appliesToAllDesigns) {
    const wanted = [...new Set(terms.designIds)];
    if (wanted.length === 0) throw invalid("design_ids", "Choose the designs on sale, or put every design on sale");
    const listed = await tx
      .select({ id: designs.id })
      .from(designs)
      .where(and(inArray(designs.id, wanted), isListedDesign()));
    if (listed.length !== wanted.length) {
      throw invalid("design_ids", "Only designs shoppers can see (active, published) can be put on sale");
    }
  }
}

/**
 * Refuses a window that overlaps another sale's. The table is locked (against other writers only: shoppers
 * read on) for the rest of the transaction, so two operators cannot book overlapping windows at once.
 */
async function refuseOverlap(tx: Executor, terms: SaleTerms, exceptSaleId?: number): Promise<void> {
  await tx.execute(sql`lock table ${marketplaceSales} in share row exclusive mode`);
  const overlapping = await tx
    .select({ id: marketplaceSales.id, name: marketplaceSales.name })
    .from(marketplaceSales)
    .where(
      and(
        sql`${marketplaceSales.startsAt} < ${terms.endsAt}`,
        sql`${marketplaceSales.endsAt} > ${terms.startsAt}`,
        exceptSaleId === undefined ? undefined : ne(marketplaceSales.id, exceptSaleId),
      ),
    )
    .limit(1);
  const [other] = overlapping;
  if (other) throw AppError.conflict(`These dates overlap the sale "${other.name}": one sale runs at a time`);
}

async function writeDesignList(tx: Executor, saleId: number, terms: SaleTerms): Promise<void> {
  await tx.delete(marketplaceSaleDesigns).where(eq(marketplaceSaleDesigns.saleId, saleId));
  if (terms.appliesToAllDesigns) return;
  const wanted = [...new Set(terms.designIds)];
  for (let index = 0; index < wanted.length; index += 500) {
    await tx
      .insert(marketplaceSaleDesigns)
      .values(wanted.slice(index, index + 500).map((designId) => ({ saleId, designId })));
  }
}

export async function createSale(options: ChangeOptions & SaleTerms & { now?: Date }): Promise<MarketplaceSale> {
  const { db, record, now = new Date() } = options;
  const terms: SaleTerms = {
    name: options.name,
    startsAt: new Date(Math.max(options.startsAt.getTime(), now.getTime())),
    endsAt: options.endsAt,
    percentOff: options.percentOff,
    appliesToAllDesigns: options.appliesToAllDesigns,
    designIds: options.appliesToAllDesigns ? [] : options.designIds,
  };
  const created = await db.transaction(async (tx) => {
    await checkTerms(tx, { ...terms, startsAt: options.startsAt }, now, true);
    await refuseOverlap(tx, terms);
    const [row] = await tx
      .insert(marketplaceSales)
      .values({
        name: terms.name,
        startsAt: terms.startsAt,
        endsAt: terms.endsAt,
        percentOff: terms.percentOff,
        appliesToAllDesigns: terms.appliesToAllDesigns,
      })
      .returning({ id: marketplaceSales.id });
    if (!row) throw new Error("the sale was not created");
    await writeDesignList(tx, row.id, terms);
    const sale = await loadSale(tx, row.id, now);
    await record?.(tx, {
      action: "sale.create",
      subjectType: "sale",
      subjectId: String(row.id),
      before: null,
      after: snapshot(sale),
    });
    return sale as MarketplaceSale;
  });
  bumpCatalogueGeneration();
  return created;
}

export type SaleChanges = Partial<SaleTerms>;

function sameDesigns(a: string[], b: string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * Changes a sale. Not started: anything (checked as a new sale would be). Started: only an earlier end (not
 * before now); any other change is a 409 saying why. Ended: nothing.
 */
export async function updateSale(
  options: ChangeOptions & { saleId: number; changes: SaleChanges; now?: Date },
): Promise<MarketplaceSale> {
  const { db, record, saleId, changes, now = new Date() } = options;
  const updated = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${marketplaceSales} in share row exclusive mode`);
    const before = await loadSale(tx, saleId, now);
    if (!before) throw AppError.notFound("Sale");
    const terms: SaleTerms = {
      name: changes.name ?? before.name,
      startsAt: changes.startsAt ?? before.startsAt,
      endsAt: changes.endsAt ?? before.endsAt,
      percentOff: changes.percentOff ?? before.percentOff,
      appliesToAllDesigns: changes.appliesToAllDesigns ?? before.appliesToAllDesigns,
      designIds: changes.designIds ?? before.designIds,
    };
    if (terms.appliesToAllDesigns) terms.designIds = [];
    if (before.status === "ended") throw AppError.conflict("This sale has ended: it can no longer change");
    if (before.status === "running") {
      const termsChanged =
        terms.percentOff !== before.percentOff ||
        terms.startsAt.getTime() !== before.startsAt.getTime() ||
        terms.appliesToAllDesigns !== before.appliesToAllDesigns ||
        !sameDesigns(terms.designIds, before.designIds);
      if (termsChanged) {
        throw AppError.conflict(
          "This sale has started: its percentage, start and designs are fixed (orders and artists' royalties were made under them). You can end it sooner.",
        );
      }
      if (terms.endsAt > before.endsAt) {
        throw AppError.conflict(
          "This sale has started: it can end sooner, not later (its artists agreed to its window)",
        );
      }
      // Ending "now" or a moment ago ends it now.
      if (terms.endsAt < now) terms.endsAt = now;
      if (terms.endsAt <= terms.startsAt) terms.endsAt = new Date(terms.startsAt.getTime() + 1);
    } else {
      if (terms.startsAt < now) {
        if (terms.startsAt.getTime() < now.getTime() - START_GRACE_MS) {
          throw invalid("starts_at", "The start is in the past: a sale starts now at the earliest");
        }
        terms.startsAt = now;
      }
      await checkTerms(tx, terms, now, false);
      await refuseOverlap(tx, terms, saleId);
    }
    await tx
      .update(marketplaceSales)
      .set({
        name: terms.name,
        startsAt: terms.startsAt,
        endsAt: terms.endsAt,
        percentOff: terms.percentOff,
        appliesToAllDesigns: terms.appliesToAllDesigns,
      })
      .where(eq(marketplaceSales.id, saleId));
    if (before.status === "scheduled") await writeDesignList(tx, saleId, terms);
    const after = await loadSale(tx, saleId, now);
    await record?.(tx, {
      action: "sale.update",
      subjectType: "sale",
      subjectId: String(saleId),
      before: snapshot(before),
      after: snapshot(after),
    });
    return after as MarketplaceSale;
  });
  bumpCatalogueGeneration();
  return updated;
}

/** Ends a running sale now, or calls off one not started (its row goes). An ended sale: 409. */
export async function endSale(
  options: ChangeOptions & { saleId: number; now?: Date },
): Promise<MarketplaceSale | null> {
  const { db, record, saleId, now = new Date() } = options;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${marketplaceSales} in share row exclusive mode`);
    const before = await loadSale(tx, saleId, now);
    if (!before) throw AppError.notFound("Sale");
    if (before.status === "ended") throw AppError.conflict("This sale has ended already");
    let after: MarketplaceSale | null = null;
    if (before.status === "scheduled") {
      await tx.delete(marketplaceSales).where(eq(marketplaceSales.id, saleId));
    } else {
      await tx.update(marketplaceSales).set({ endsAt: now }).where(eq(marketplaceSales.id, saleId));
      after = (await loadSale(tx, saleId, now)) ?? null;
    }
    await record?.(tx, {
      action: "sale.end",
      subjectType: "sale",
      subjectId: String(saleId),
      before: snapshot(before),
      after: snapshot(after ?? undefined),
    });
    return after;
  });
  bumpCatalogueGeneration();
  return result;
}
