import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";

/**
 * A published design with its artist and default variant (mens_tee), written with only the columns every
 * migration since 0020 has had. The migration tests build their data on an older schema, where the factories'
 * inserts (every column of today's schema) would name columns that do not exist yet.
 */
export async function buildLegacyDesign(
  db: PgliteDatabase,
  options: { priceCents?: number } = {},
): Promise<{ design: { id: string }; defaultVariant: { id: number } }> {
  const suffix = randomBytes(4).toString("hex");
  const priceCents = options.priceCents ?? 2499;
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [artist] = await rows<{ id: string }>(
    sql`insert into seller_profiles (unique_username, display_name, bio)
      values (${`artist-${suffix}`}, ${`Artist ${suffix}`}, 'Draws things for shirts.') returning id`,
  );
  const id = crypto.randomUUID();
  const [design] = await rows<{ id: string }>(
    sql`insert into designs (id, seller_profile_id, slug, display_name, artwork_key, base_price_cents, default_color,
        status, published_at)
      values (${id}, ${artist?.id}, ${`design-${suffix}`}, ${`Design ${suffix}`}, ${`designs/${id}/artwork.png`},
        ${priceCents}, 'black', 'active', now() - interval '1 minute') returning id`,
  );
  const [variant] = await rows<{ id: number }>(
    sql`insert into seller_design_product_variants (design_id, garment_style_id, price_cents, is_default)
      select ${design?.id}, g.id, ${priceCents}, true from garment_styles g where g.key = 'mens_tee' returning id`,
  );
  if (!design || !variant) throw new Error("buildLegacyDesign: insert returned nothing");
  return { design, defaultVariant: { id: Number(variant.id) } };
}
