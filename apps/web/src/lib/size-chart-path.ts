/**
 * The size charts page, at the chart of a garment style (`garment_styles.key`): each chart's section id is
 * its style key with dashes (`tank_top` -> `#tank-top`). Kept apart from the chart data so the design page
 * links to it without downloading the tables.
 */
export function sizeChartPath(garmentStyleKey: string | undefined): string {
  return garmentStyleKey ? `/size-charts#${garmentStyleKey.replaceAll("_", "-")}` : "/size-charts";
}
