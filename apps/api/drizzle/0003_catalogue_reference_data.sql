-- Reference data every environment needs (not demo content): the garment catalogue and the home
-- collections named by the spec. Ids are fixed so code, tests and other branches can rely on them.
INSERT INTO "garment_styles" ("id", "key", "display_name", "fit", "base_cost_cents", "sizes", "colors", "position") VALUES
(1, 'mens_tee', 'T-Shirt', 'Men', 1050,
  ARRAY['S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'],
  ARRAY['white', 'asphalt', 'black', 'maroon', 'red', 'soft_pink', 'hot_pink', 'brown', 'orange', 'yellow', 'creme', 'military_green', 'kelly', 'navy', 'royal_blue', 'teal', 'slate', 'light_blue', 'purple'], 1),
(2, 'womens_tee', 'T-Shirt', 'Women', 1150,
  ARRAY['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
  ARRAY['white', 'asphalt', 'black', 'maroon', 'red', 'soft_pink', 'hot_pink', 'brown', 'orange', 'yellow', 'creme', 'kelly', 'navy', 'royal_blue', 'teal', 'slate', 'light_blue', 'purple'], 2),
(3, 'hoodie', 'Pullover Hoodie', 'Unisex', 2450,
  ARRAY['S', 'M', 'L', 'XL', '2XL', '3XL'],
  ARRAY['white', 'asphalt', 'black', 'maroon', 'red', 'soft_pink', 'military_green', 'navy', 'royal_blue', 'slate', 'light_blue', 'purple', 'creme'], 3),
(4, 'tank_top', 'Tank Top', 'Unisex', 950,
  ARRAY['XS', 'S', 'M', 'L', 'XL', '2XL'],
  ARRAY['white', 'black', 'red', 'hot_pink', 'orange', 'yellow', 'kelly', 'navy', 'royal_blue', 'teal', 'light_blue', 'asphalt'], 4),
(5, 'long_sleeve', 'Long Sleeve Tee', 'Unisex', 1450,
  ARRAY['S', 'M', 'L', 'XL', '2XL', '3XL'],
  ARRAY['white', 'asphalt', 'black', 'maroon', 'red', 'brown', 'creme', 'military_green', 'navy', 'royal_blue', 'slate', 'purple'], 5);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('garment_styles', 'id'), 5);
--> statement-breakpoint
INSERT INTO "internal_design_collections" ("id", "key", "display_name", "kind") VALUES
(1, 'blk_history25', 'Black History Month', 'curated'),
(2, 'popular', 'Popular', 'popular'),
(3, 'anime', 'Anime', 'curated'),
(4, 'funny', 'Funny', 'curated'),
(5, 'nerdery', 'Nerdery', 'curated'),
(6, 'picks', 'Staff Picks', 'curated'),
(7, 'recent', 'Recently Added', 'recent'),
(8, 'browse', 'Browse Designs', 'all');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('internal_design_collections', 'id'), 8);
