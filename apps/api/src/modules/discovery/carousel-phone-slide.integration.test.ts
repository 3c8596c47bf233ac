import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCarousel } from "../../../test/factories/catalogue.ts";
import { getTestServer, type TestServer } from "../../../test/test-server.ts";
import { planDemoCatalogue } from "../../seed/demo-catalogue-plan.ts";
import { renderPhoneSlide } from "../../seed/phone-slide.ts";
import { imageSourceKey, parseRenditionKey } from "../media/media-keys.ts";

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A flat PNG of one colour. */
function flatPng(width: number, height: number, rgb: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: rgb } })
    .png()
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

async function fetchImage(url: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const response = await fetch(`${server.url}${url}`);
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type"),
  };
}

describe("a carousel slide's phone rendition (decision 044)", () => {
  it("is served from the slide's own phone picture at the phone widths, and letterboxed when it has none", async () => {
    const { assets } = await buildCarousel(server.database.db, {
      locationCode: "phone_test",
      assets: [{ altText: "Own phone picture" }, { altText: "Desktop only" }],
    });
    const [withPhone, desktopOnly] = assets;
    if (!withPhone || !desktopOnly) throw new Error("two slides expected");
    const blue = { r: 20, g: 40, b: 200 };
    const red = { r: 220, g: 30, b: 30 };
    for (const asset of assets)
      await server.context.storage.put(
        imageSourceKey("carousel", String(asset.id)),
        await flatPng(1152, 300, blue),
        "image/png",
      );
    await server.context.storage.put(
      imageSourceKey("carouselPhone", String(withPhone.id)),
      await flatPng(1170, 780, red),
      "image/png",
    );

    const reply = await server.request("/api/v1/carousels?location_code=phone_test");
    expect(reply.status).toBe(200);
    const [first, second] = reply.body.data.attributes.carousel_assets;
    // The spec's slide is unchanged: the 1152x300 image is still `asset_url` and `image`.
    expect(first.attributes.image).toMatchObject({ width: 1152, height: 300 });
    expect(first.attributes.asset_url).toBe(first.attributes.image.src);

    const phone = await fetchImage(first.attributes.phone_image.src);
    expect(phone.status).toBe(200);
    expect(phone.type).toBe("image/webp");
    expect(await sharp(phone.body).metadata()).toMatchObject({ width: 780, height: 520 });
    const [r, , b] = await pixelAt(phone.body, 390, 260);
    expect(r).toBeGreaterThan(180);
    expect(b).toBeLessThan(80);
    // Every width of the srcset is a phone rendition of the same picture.
    const widths = (first.attributes.phone_image.src_set as string)
      .split(", ")
      .map((entry) => entry.split(" ")[0] as string);
    for (const [index, url] of widths.entries()) {
      const image = await fetchImage(url);
      expect(await sharp(image.body).metadata()).toMatchObject({ width: [390, 780, 1170][index] });
    }

    // Without a phone picture, the desktop slide is shown whole across the width, on a darker blurred backdrop.
    const letterboxed = await fetchImage(second.attributes.phone_image.src);
    expect(letterboxed.status).toBe(200);
    expect(await sharp(letterboxed.body).metadata()).toMatchObject({ width: 780, height: 520 });
    const middle = await pixelAt(letterboxed.body, 390, 260);
    const band = await pixelAt(letterboxed.body, 390, 20);
    expect(middle[2]).toBeGreaterThan(170);
    expect(band[2]).toBeLessThan(middle[2] - 40);
  });

  it("parses only the phone widths, and never as a desktop slide", () => {
    expect(parseRenditionKey("carousels/phone/12-780.webp")).toMatchObject({
      kind: "image",
      preset: "carouselPhone",
      id: "12",
      sourceKey: "carousels/phone/12.png",
      fallbackSourceKey: "carousels/12.png",
    });
    expect(parseRenditionKey("carousels/phone/12-1152.webp")).toBeUndefined();
    expect(parseRenditionKey("carousels/12-780.webp")).toBeUndefined();
    expect(parseRenditionKey("carousels/12-1152.webp")).toMatchObject({ preset: "carousel", id: "12" });
  });

  it("the demo slides' phone pictures are 3:2 with their lettering inside the frame", async () => {
    const plan = planDemoCatalogue({ designs: 160 });
    const byId = new Map(plan.designs.map((design) => [design.id, design]));
    for (const [index, slide] of plan.slides.entries()) {
      const png = await renderPhoneSlide({
        slide,
        seed: String(index + 1),
        designs: slide.designIds.flatMap((id) => byId.get(id) ?? []),
      });
      expect(await sharp(png).metadata()).toMatchObject({ width: 1170, height: 780 });
      // The text column (left of the artworks) has light lettering, and its right margin is clear of it: nothing
      // runs into the artworks or off the slide.
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let lightInText = 0;
      let lightInGutter = 0;
      for (let y = 0; y < info.height; y += 2) {
        for (let x = 0; x < 700; x += 2) {
          const offset = (y * info.width + x) * 3;
          const isLight = (data[offset] ?? 0) > 200 && (data[offset + 1] ?? 0) > 200 && (data[offset + 2] ?? 0) > 200;
          if (!isLight) continue;
          if (x < 684) lightInText += 1;
          else lightInGutter += 1;
        }
      }
      expect(lightInText, slide.headline).toBeGreaterThan(2000);
      expect(lightInGutter, slide.headline).toBe(0);
    }
  });
});
