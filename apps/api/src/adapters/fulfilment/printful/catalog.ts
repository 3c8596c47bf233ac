import { PRODUCT_COLORS, type ProductColor } from "@threadfolk/contract/colors";
import { SHIPPING_SERVICE_KEYS, type ShippingServiceKey } from "@threadfolk/contract/shipping";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { FulfilmentError } from "../fulfilment.ts";
import mappingData from "./catalog-mapping.json" with { type: "json" };

/**
 * What Printful makes our garments on (decision 068): the mapping in catalog-mapping.json, checked here
 * once when the module loads, and the catalogue variant of a style, colour and size, found in Printful's list of
 * the product's variants and kept in the process (the catalogue changes rarely; a day at most).
 */

const mappingSchema = z.strictObject({
  $comment: z.string(),
  sources: z.record(z.string(), z.string().min(1)),
  shipping: z.strictObject({
    source: z.string(),
    note: z.string(),
    methods: z.strictObject(
      Object.fromEntries(SHIPPING_SERVICE_KEYS.map((key) => [key, z.string().regex(/^[A-Z_]+$/)])) as Record<
        ShippingServiceKey,
        z.ZodString
      >,
    ),
  }),
  styles: z
    .array(
      z.strictObject({
        /** A garment_styles.key. */
        styleKey: z.string().regex(/^[a-z_]+$/),
        catalogProductId: z.number().int().positive(),
        /** Printful's name of the product, for people reading the file. */
        catalogProduct: z.string().min(1),
        /** Printful's technique for the placement (`dtg`: direct to garment). */
        technique: z.enum(["dtg", "digital", "cut-sew", "uv", "embroidery", "sublimation", "dtfilm"]),
        placement: z.literal("front"),
        source: z.string(),
        colorSource: z.string(),
        /** Our colour -> Printful's colour name of this product. */
        colors: z.partialRecord(z.enum(PRODUCT_COLORS), z.string().min(1)),
      }),
    )
    .min(1),
});

export type PrintfulStyle = z.infer<typeof mappingSchema>["styles"][number];

function loadMapping() {
  const mapping = mappingSchema.parse(mappingData);
  for (const entry of [mapping.shipping, ...mapping.styles]) {
    if (!mapping.sources[entry.source]) throw new Error(`catalog-mapping.json: no source ${entry.source}`);
  }
  const styles = new Map<string, PrintfulStyle>();
  for (const style of mapping.styles) {
    if (styles.has(style.styleKey)) throw new Error(`catalog-mapping.json: ${style.styleKey} twice`);
    styles.set(style.styleKey, style);
  }
  return { styles, shippingMethods: mapping.shipping.methods };
}

const MAPPING = loadMapping();

/** The styles Printful makes, by our style key. */
export const PRINTFUL_STYLES: ReadonlyMap<string, PrintfulStyle> = MAPPING.styles;

/** Printful's shipping method (`shipping` of an order) for each of our shipping speeds. */
export const PRINTFUL_SHIPPING_METHODS: Readonly<Record<ShippingServiceKey, string>> = MAPPING.shippingMethods;

/** A catalogue variant as Printful lists it (`Variant`). */
export type PrintfulCatalogVariant = { id: number; color: string | null; size: string };

export type VariantResolver = {
  /** The catalogue variant of a style in a colour and size, with the style's mapping; a FulfilmentError when none. */
  resolve(item: { styleKey: string; color: string; size: string }): Promise<{
    catalogVariantId: number;
    style: PrintfulStyle;
  }>;
};

const variantKey = (color: string, size: string) => `${color.trim().toLowerCase()}|${size.trim().toUpperCase()}`;

/**
 * Resolves variants through `listVariants` (every variant of a catalogue product), asked once per product per
 * `ttlMs` and per process: concurrent orders wait for the same answer (lru-cache's fetch), and a failed answer is
 * not kept.
 */
export function createVariantResolver(options: {
  listVariants: (catalogProductId: number) => Promise<PrintfulCatalogVariant[]>;
  ttlMs?: number;
}): VariantResolver {
  const cache = new LRUCache<number, Map<string, number>>({
    max: 64,
    ttl: options.ttlMs ?? 24 * 60 * 60 * 1000,
    fetchMethod: async (catalogProductId) => {
      const byColorAndSize = new Map<string, number>();
      for (const variant of await options.listVariants(catalogProductId)) {
        const key = variantKey(variant.color ?? "", variant.size);
        if (!byColorAndSize.has(key)) byColorAndSize.set(key, variant.id);
      }
      return byColorAndSize;
    },
  });
  return {
    async resolve({ styleKey, color, size }) {
      const style = PRINTFUL_STYLES.get(styleKey);
      if (!style) throw new FulfilmentError(`Printful makes no garment for the style ${styleKey}`, false);
      const printfulColor = style.colors[color as ProductColor];
      if (!printfulColor) throw new FulfilmentError(`Printful has no colour for ${styleKey} in ${color}`, false);
      const variants = await cache.fetch(style.catalogProductId);
      const id = variants?.get(variantKey(printfulColor, size));
      if (id === undefined) {
        throw new FulfilmentError(
          `Printful's ${style.catalogProduct} (catalogue product ${style.catalogProductId}) has no variant ${printfulColor} / ${size}`,
          false,
        );
      }
      return { catalogVariantId: id, style };
    },
  };
}
