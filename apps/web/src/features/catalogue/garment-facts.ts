/**
 * What the design page says about each garment style (`garment_styles.key`): its fabric, its fit and how to care
 * for it. The facts are the store's own, as its pages state them: the fit is the size chart's sentence for the
 * style (a test keeps them equal), the fabrics are the ones the size charts and design descriptions name
 * (midweight cotton tees, a fleece hoodie, a light jersey tank), and the care is the size charts' advice (wash
 * inside out in cold water; a hot dryer can shrink cotton). Kept apart from the size chart tables, so the design
 * page does not download them.
 */
export type GarmentFacts = {
  fabric: string;
  fit: string;
  care: readonly string[];
};

const CARE_FOR_PRINTS = [
  "Machine wash cold, inside out, to keep the print bright.",
  "Tumble dry low or hang to dry: a hot dryer can shrink it slightly.",
  "Do not iron over the print.",
] as const;

export const GARMENT_FACTS: Readonly<Record<string, GarmentFacts>> = {
  mens_tee: {
    fabric: "Soft, midweight cotton.",
    fit: "Classic straight fit with a relaxed body. Most people take their usual size.",
    care: CARE_FOR_PRINTS,
  },
  womens_tee: {
    fabric: "Soft, midweight cotton.",
    fit: "Slimmer cut with a shaped waist and shorter body. Size up for a looser fit.",
    care: CARE_FOR_PRINTS,
  },
  long_sleeve: {
    fabric: "Soft, midweight cotton with full-length sleeves.",
    fit: "The classic tee's straight fit with full-length sleeves. Most people take their usual size.",
    care: CARE_FOR_PRINTS,
  },
  hoodie: {
    fabric: "Warm fleece with ribbed cuffs and waistband.",
    fit: "Roomy unisex fleece with ribbed cuffs and waistband. Take your usual size for a relaxed fit.",
    care: CARE_FOR_PRINTS,
  },
  tank_top: {
    fabric: "Light jersey with deep armholes.",
    fit: "Light unisex jersey with deep armholes and a straight body. True to size.",
    care: CARE_FOR_PRINTS,
  },
};
