-- Scale data for `npm run bench:api` until the catalogue branch's `npm run seed:scale` is available:
-- 2,000 artists and :designs designs (default 100000) with titles, tags and descriptions drawn from a
-- few hundred words, so search selectivity resembles a real catalogue. Run on a migrated, empty database:
--   psql "$DATABASE_URL" -v designs=100000 -f scripts/bench-scale-data.sql
\set ON_ERROR_STOP on
\if :{?designs}
\else
  \set designs 100000
\endif
SELECT setseed(0.42);

CREATE TEMP TABLE bench_words AS
SELECT row_number() OVER () AS n, word FROM unnest(string_to_array(
  'anime naruto ninja ramen samurai dragon tiger panda kitten cat dog corgi shiba fox wolf bear owl raven frog axolotl '
  'space galaxy cosmic planet moon star rocket astronaut alien robot cyborg android laser pixel retro arcade gamer '
  'controller dice dungeon wizard witch goblin orc elf knight castle sword shield potion scroll tavern bard rogue '
  'warhammer marine tabletop grimdark miniature paint brush canvas sketch ink doodle comic manga hero villain '
  'coffee tea taco pizza burger donut bagel avocado pickle noodle sushi dumpling boba cookie cake pie waffle '
  'funny meme pun dad joke sarcasm nap weekend monday vibes chill mood awkward introvert nerd geek science math '
  'physics chemistry biology atom molecule dna rocket engineer code program debug bug keyboard terminal linux '
  'history black culture heritage legacy freedom justice pride power music jazz blues soul funk hiphop vinyl '
  'guitar drum bass piano synth wave sunset ocean beach surf mountain forest camping hiking trail river lake '
  'garden plant flower rose sunflower cactus mushroom leaf tree bloom botanical vintage classic minimalist bold '
  'neon glitch vapor dream night city street skate bike car truck motor speed racing club team league champion '
  'soccer basketball baseball football hockey tennis golf yoga gym lift run marathon cyclist climber swimmer '
  'mythology greek norse egyptian zodiac tarot crystal magic spell rune sigil skull bones ghost spooky halloween '
  'holiday winter summer spring autumn rain snow storm thunder lightning fire water earth air element spirit', ' ')) AS word;

SELECT count(*) AS word_count FROM bench_words \gset

CREATE TEMP TABLE bench_names AS
SELECT first || ' ' || last AS name FROM
  unnest(ARRAY['Mara','Quentin','Ada','Kofi','Lena','Tomas','Yuki','Ines','Rafael','Amara','Jonah','Priya','Soren','Zola','Mateo','Hana','Idris','Noor','Felix','Chiara']) first,
  unnest(ARRAY['Okafor','Vale','Lindqvist','Mensah','Park','Alvarez','Nakamura','Costa','Haddad','Osei','Novak','Reyes','Tanaka','Ibrahim','Moreau','Kowalski','Adeyemi','Silva','Berg','Rossi']) last;

INSERT INTO seller_profiles (unique_username, display_name, bio)
SELECT 'bench-artist-' || g, (SELECT name FROM bench_names OFFSET (g % 400) LIMIT 1), 'Benchmark artist number ' || g
FROM generate_series(1, 2000) g;

CREATE TEMP TABLE bench_artists AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM seller_profiles;

-- Word numbers drawn per design first (random() once per row), then looked up. Title words are skewed
-- (power 1.6) so some words are common and most rarer, as in real titles.
CREATE TEMP TABLE bench_picks AS
SELECT g, gen_random_uuid() AS id,
  1 + floor(power(random(), 1.6) * :word_count)::int AS t1, 1 + floor(power(random(), 1.6) * :word_count)::int AS t2,
  1 + floor(random() * :word_count)::int AS t3, 1 + floor(random() * :word_count)::int AS g1, 1 + floor(random() * :word_count)::int AS g2,
  1 + floor(random() * :word_count)::int AS g3, 1 + floor(random() * :word_count)::int AS d1, 1 + floor(random() * :word_count)::int AS d2,
  1 + floor(random() * :word_count)::int AS d3, 1 + floor(random() * :word_count)::int AS d4,
  floor(power(random(), 4) * 400)::int AS orders, floor(power(random(), 3) * 900)::int AS favorites,
  now() - (random() * interval '720 days') - interval '1 hour' AS published_at
FROM generate_series(1, :designs) g;

CREATE TEMP TABLE bench_designs AS
SELECT p.g, p.id,
  initcap(w1.word) || ' ' || initcap(w2.word) || ' ' || initcap(w3.word) AS title,
  ARRAY[x1.word, x2.word, x3.word] AS tags,
  'A ' || y1.word || ' ' || y2.word || ' design with ' || y3.word || ' and ' || y4.word || '.' AS description,
  1 + (p.g % 2000) AS artist_n,
  (ARRAY['white','black','navy','royal_blue','red','asphalt','creme','kelly','purple','maroon'])[1 + (p.g % 10)] AS color,
  1999 + (p.g % 7) * 100 AS price, p.orders, p.favorites, p.published_at
FROM bench_picks p
JOIN bench_words w1 ON w1.n = p.t1 JOIN bench_words w2 ON w2.n = p.t2 JOIN bench_words w3 ON w3.n = p.t3
JOIN bench_words x1 ON x1.n = p.g1 JOIN bench_words x2 ON x2.n = p.g2 JOIN bench_words x3 ON x3.n = p.g3
JOIN bench_words y1 ON y1.n = p.d1 JOIN bench_words y2 ON y2.n = p.d2 JOIN bench_words y3 ON y3.n = p.d3
JOIN bench_words y4 ON y4.n = p.d4;

INSERT INTO designs (id, seller_profile_id, slug, display_name, description, tags, artwork_key, base_price_cents,
  default_color, status, published_at, order_count_30d, favorite_count)
SELECT d.id, a.id, trim(both '-' from regexp_replace(lower(coalesce(d.title, 'design')), '[^a-z0-9]+', '-', 'g')),
  coalesce(d.title, 'Design ' || d.g), coalesce(d.description, ''), d.tags, 'designs/' || d.id || '/artwork.png', d.price,
  d.color, CASE WHEN d.g % 50 = 0 THEN 'deactivated' ELSE 'active' END, d.published_at, d.orders, d.favorites
FROM bench_designs d JOIN bench_artists a ON a.n = d.artist_n;

INSERT INTO seller_design_product_variants (design_id, garment_style_id, price_cents, is_default)
SELECT id, 1, base_price_cents, true FROM designs;
INSERT INTO seller_design_product_variants (design_id, garment_style_id, price_cents, is_default)
SELECT id, 2, base_price_cents + 200, false FROM designs WHERE random() < 0.5;

INSERT INTO internal_design_collection_items (collection_id, design_id, position)
SELECT c.id, d.id, row_number() OVER (PARTITION BY c.id ORDER BY d.id)
FROM internal_design_collections c
CROSS JOIN LATERAL (SELECT id FROM designs TABLESAMPLE BERNOULLI (0.2) WHERE status = 'active' LIMIT 60) d
WHERE c.kind = 'curated';

INSERT INTO carousels (location_code, slide_delay_in_ms) VALUES ('front_page', 5000) ON CONFLICT DO NOTHING;
INSERT INTO marketplace_sales (name, starts_at, ends_at, percent_off, applies_to_all_designs)
VALUES ('Benchmark Sale', now() - interval '1 day', now() + interval '30 days', 20, true);

ANALYZE;
SELECT (SELECT count(*) FROM designs) AS designs, (SELECT count(*) FROM search_terms) AS search_terms;
