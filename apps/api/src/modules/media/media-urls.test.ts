import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { grantProductionCleanImages } from "./clean-image-grants.ts";
import { artworkKey, GARMENTS, isCleanMediaKey, isValidMediaKey, mockupKey, parseRenditionKey } from "./media-keys.ts";
import {
  buildCleanDesignImageUrls,
  buildImageUrls,
  buildWatermarkedImageUrls,
  CLEAN_MEDIA_URL_MIN_LIFETIME_SECONDS,
  MEDIA_URL_MIN_LIFETIME_SECONDS,
  mediaSignature,
  mediaUrlExpiry,
  signCleanMediaUrl,
  signMediaUrl,
  verifyMediaSignature,
} from "./media-urls.ts";

const secret = randomBytes(32);
const DESIGN = "0b9f1c7e-3c1a-4a51-9d6e-2f7f3f0c9a10";
const DAY = 86_400;

function queryOf(url: string) {
  const parsed = new URL(url, "http://x");
  return {
    key: parsed.pathname.replace(/^\/media\//, ""),
    exp: parsed.searchParams.get("exp") ?? undefined,
    sig: parsed.searchParams.get("sig") ?? undefined,
  };
}

describe("media URL expiry", () => {
  it("lives at least seven days and stays the same URL within a day", () => {
    const now = Date.UTC(2025, 2, 10, 13, 45, 12);
    const exp = mediaUrlExpiry(now);
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(MEDIA_URL_MIN_LIFETIME_SECONDS * 1000);
    expect(exp * 1000 - now).toBeLessThan((MEDIA_URL_MIN_LIFETIME_SECONDS + DAY) * 1000);
    expect(exp % DAY).toBe(0);
    const key = "artists/x/avatar.png";
    expect(signMediaUrl({ key, secret, now })).toBe(signMediaUrl({ key, secret, now: now + 5 * 3600 * 1000 }));
    expect(signMediaUrl({ key, secret, now })).not.toBe(signMediaUrl({ key, secret, now: now + DAY * 1000 }));
  });
});

describe("verifyMediaSignature", () => {
  const key = `designs/${DESIGN}/watermarked/tee-navy-640.webp`;

  it("accepts its own URLs and rejects missing, tampered and expired ones", () => {
    const url = signMediaUrl({ key, secret });
    const { exp, sig } = queryOf(url);
    expect(queryOf(url).key).toBe(key);
    expect(verifyMediaSignature({ key, exp, sig, secret })).toBe("valid");
    expect(verifyMediaSignature({ key, exp, secret })).toBe("missing");
    expect(verifyMediaSignature({ key, sig, secret })).toBe("missing");
    expect(verifyMediaSignature({ key: key.replace("navy", "black"), exp, sig, secret })).toBe("invalid");
    expect(verifyMediaSignature({ key, exp: String(Number(exp) + DAY), sig, secret })).toBe("invalid");
    const flipped = `${sig?.slice(0, -1)}${sig?.endsWith("A") ? "B" : "A"}`;
    expect(verifyMediaSignature({ key, exp, sig: flipped, secret })).toBe("invalid");
    expect(verifyMediaSignature({ key, exp, sig, secret: randomBytes(32) })).toBe("invalid");
    expect(verifyMediaSignature({ key, exp, sig: "short", secret })).toBe("invalid");
    const past = Math.floor(Date.now() / 1000) - 10;
    expect(verifyMediaSignature({ key, exp: String(past), sig: mediaSignature(secret, key, past), secret })).toBe(
      "expired",
    );
  });

  it("binds the version into the signature", () => {
    const exp = mediaUrlExpiry();
    const sig = mediaSignature(secret, key, exp, "v2");
    expect(verifyMediaSignature({ key, exp: String(exp), sig, version: "v2", secret })).toBe("valid");
    expect(verifyMediaSignature({ key, exp: String(exp), sig, version: "v3", secret })).toBe("invalid");
    expect(verifyMediaSignature({ key, exp: String(exp), sig, secret })).toBe("invalid");
  });
});

describe("buildWatermarkedImageUrls", () => {
  it("gives each colour a src, a srcset of every width and the intrinsic size", () => {
    const urls = buildWatermarkedImageUrls({
      designUuid: DESIGN,
      secret,
      colors: ["white", "navy"],
      baseUrl: "https://shop.example",
    });
    expect(Object.keys(urls)).toEqual(["white", "navy"]);
    const navy = urls.navy;
    expect(navy?.width).toBe(640);
    expect(navy?.height).toBe(640);
    expect(navy?.src).toMatch(
      new RegExp(
        `^https://shop\\.example/media/designs/${DESIGN}/watermarked/tee-navy-640\\.webp\\?exp=\\d+&sig=[\\w-]{43}$`,
      ),
    );
    expect(navy?.srcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "1024w"]);
    for (const entry of navy?.srcSet.split(", ") ?? []) {
      const { key, exp, sig } = queryOf((entry.split(" ")[0] as string).replace("https://shop.example", ""));
      expect(parseRenditionKey(key)).toBeDefined();
      expect(verifyMediaSignature({ key, exp, sig, secret })).toBe("valid");
    }
    expect(Object.keys(buildWatermarkedImageUrls({ designUuid: DESIGN, secret }))).toHaveLength(19);
  });

  it("sizes avatars, banners and carousel slides by their preset", () => {
    const artist = "7a0c2d4e-2222-4b51-8d6e-2f7f3f0c9a10";
    expect(buildImageUrls({ preset: "avatar", id: artist, secret })).toMatchObject({ width: 128, height: 128 });
    expect(buildImageUrls({ preset: "banner", id: artist, secret })).toMatchObject({ width: 1280, height: 320 });
    const slide = buildImageUrls({ preset: "carousel", id: "spring-sale", secret });
    expect(slide).toMatchObject({ width: 1152, height: 300 });
    expect(slide.src).toContain("/media/carousels/spring-sale-1152.webp?exp=");
  });
});

describe("clean design images", () => {
  const grant = grantProductionCleanImages({ designUuid: DESIGN });
  const clean = mockupKey({ designUuid: DESIGN, variant: "mockups", garment: "tee", color: "navy", width: 1024 });

  it("are the artwork and the plain mockups, and any other design key but the watermarked renditions", () => {
    expect(isCleanMediaKey(artworkKey(DESIGN))).toBe(true);
    expect(isCleanMediaKey(clean)).toBe(true);
    expect(isCleanMediaKey(`designs/${DESIGN}/print-file.png`)).toBe(true);
    expect(isCleanMediaKey(clean.replace("/mockups/", "/watermarked/"))).toBe(false);
    expect(isCleanMediaKey(`artists/${DESIGN}/avatar-128.webp`)).toBe(false);
    expect(isCleanMediaKey("carousels/spring-640.webp")).toBe(false);
  });

  it("cannot be signed the public way", () => {
    expect(() => signMediaUrl({ key: clean, secret })).toThrow(/clean design image/);
    expect(() => signMediaUrl({ key: artworkKey(DESIGN), secret })).toThrow(/clean design image/);
  });

  it("are signed with their own key, only for the granted design, and live about an hour", () => {
    const now = Date.UTC(2025, 2, 10, 13, 45, 12);
    const url = signCleanMediaUrl({ grant, key: clean, secret, now });
    const { key, exp, sig } = queryOf(url);
    expect(key).toBe(clean);
    expect(verifyMediaSignature({ key, exp, sig, secret, now })).toBe("valid");
    expect(Number(exp) * 1000 - now).toBeGreaterThanOrEqual(CLEAN_MEDIA_URL_MIN_LIFETIME_SECONDS * 1000);
    expect(Number(exp) * 1000 - now).toBeLessThan(2 * CLEAN_MEDIA_URL_MIN_LIFETIME_SECONDS * 1000);
    // The public key's signature of a clean key is refused, and a clean signature does not carry over.
    const publicSig = mediaSignature(secret, clean, Number(exp));
    expect(verifyMediaSignature({ key, exp, sig: publicSig, secret, now })).toBe("invalid");
    const watermarked = clean.replace("/mockups/", "/watermarked/");
    expect(verifyMediaSignature({ key: watermarked, exp, sig, secret, now })).toBe("invalid");
    const other = grantProductionCleanImages({ designUuid: "7a0c2d4e-2222-4b51-8d6e-2f7f3f0c9a10" });
    expect(() => signCleanMediaUrl({ grant: other, key: clean, secret })).toThrow(/not a clean image of design/);
    expect(() => signCleanMediaUrl({ grant, key: watermarked, secret })).toThrow(/not a clean image of design/);
  });

  it("come at every width for the granted design's colours", () => {
    const urls = buildCleanDesignImageUrls({ grant, secret, colors: ["white"], garment: "hoodie" });
    expect(Object.keys(urls)).toEqual(["white"]);
    expect(urls.white?.src).toContain(`/media/designs/${DESIGN}/mockups/hoodie-white-640.webp?exp=`);
    for (const entry of urls.white?.srcSet.split(", ") ?? []) {
      const { key, exp, sig } = queryOf(entry.split(" ")[0] as string);
      expect(verifyMediaSignature({ key, exp, sig, secret })).toBe("valid");
    }
  });
});

describe("media keys", () => {
  it("accepts safe keys only", () => {
    expect(isValidMediaKey(`designs/${DESIGN}/artwork.png`)).toBe(true);
    for (const key of [
      "../etc/passwd",
      "designs/../x.png",
      "/designs/x.png",
      "designs//x.png",
      "Designs/X.png",
      "a/b/..",
      "",
    ]) {
      expect(isValidMediaKey(key), key).toBe(false);
    }
  });

  it("parses renditions with allow-listed garments, colours and widths", () => {
    expect(parseRenditionKey(`designs/${DESIGN}/mockups/womens-tee-royal_blue-1024.webp`)).toMatchObject({
      kind: "mockup",
      garment: "womens-tee",
      color: "royal_blue",
      width: 1024,
      sourceKey: `designs/${DESIGN}/artwork.png`,
    });
    for (const garment of GARMENTS) {
      expect(parseRenditionKey(`designs/${DESIGN}/watermarked/${garment}-light_blue-640.webp`), garment).toMatchObject({
        kind: "mockup",
        variant: "watermarked",
        garment,
        color: "light_blue",
        width: 640,
      });
    }
    expect(parseRenditionKey(`designs/${DESIGN}/mockups/tank_top-white-320.webp`)).toBeUndefined();
    expect(parseRenditionKey(`designs/${DESIGN}/mockups/tee-white-2048.webp`)).toBeUndefined();
    expect(parseRenditionKey(`designs/${DESIGN}/mockups/tee-light_grey-320.webp`)).toBeUndefined();
    expect(parseRenditionKey("carousels/spring-sale-2304.webp")).toMatchObject({
      preset: "carousel",
      id: "spring-sale",
    });
    expect(parseRenditionKey("carousels/spring-sale-100.webp")).toBeUndefined();
  });
});
