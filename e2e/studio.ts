import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";

/**
 * Studio helpers for the specs (issue 14): a picture drawn in the page, a resumable upload over HTTP (the tus
 * protocol, as the studio's browser client speaks it), and a design published over HTTP through the drafts API.
 * The product designer's own screens are product-designer.spec.ts's journey.
 */

/** A transparent `width` x `height` PNG drawn with the page's canvas: a sun over hills and a frame. */
export async function drawArtwork(page: Page, width = 1800, height = 2100): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      context.fillStyle = "#e4572e";
      context.beginPath();
      context.arc(width / 2, height * 0.38, width * 0.3, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = "#17bebb";
      context.fillRect(width * 0.15, height * 0.62, width * 0.7, height * 0.22);
      context.lineWidth = width / 40;
      context.strokeStyle = "#2e282a";
      context.strokeRect(width * 0.08, height * 0.06, width * 0.84, height * 0.88);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    },
    { width, height },
  );
  return Buffer.from(base64, "base64");
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** Uploads `body` in one tus PATCH and waits until the server has checked it; answers the upload id. */
export async function uploadOverTus(
  request: APIRequestContext,
  accessToken: string,
  body: Buffer,
  options: { purpose: "artwork" | "avatar" | "banner"; fileName: string },
): Promise<string> {
  const authorization = { Authorization: `Bearer ${accessToken}`, "Tus-Resumable": "1.0.0" };
  const created = await request.post("/api/v1/uploads", {
    headers: {
      ...authorization,
      "Upload-Length": String(body.length),
      "Upload-Metadata": `purpose ${base64(options.purpose)},filename ${base64(options.fileName)}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? "";
  const uploadId = location.split("/").at(-1) ?? "";
  const sent = await request.patch(location, {
    headers: { ...authorization, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: body,
  });
  expect(sent.status(), await sent.text()).toBe(204);
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/v1/uploads/${uploadId}/status`, {
          headers: { Authorization: `Bearer ${accessToken}` },
        });
        return ((await status.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
      },
      { timeout: 30_000 },
    )
    .toBe("ready");
  return uploadId;
}

export type PublishedDesign = { uuid: string; designPath: string; priceCents: number; baseCostCents: number };

/** Publishes a men's tee design from a ready artwork upload, over the drafts API; answers where it lives. */
export async function publishDesignOverHttp(
  request: APIRequestContext,
  accessToken: string,
  design: { artworkUploadId: string; title: string; tag: string; priceCents: number },
): Promise<PublishedDesign> {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const styles = await request.get("/api/v1/garment_styles");
  const tee = (
    (await styles.json()) as { data: Array<{ attributes: { key: string; base_cost_cents: number } }> }
  ).data.find((style) => style.attributes.key === "mens_tee");
  if (!tee) throw new Error("no men's tee style");
  const draft = await request.post("/api/v1/design_drafts", {
    headers,
    data: {
      design_draft: {
        step: "publish",
        data: {
          artwork_upload_id: design.artworkUploadId,
          offered_colors: ["white", "black", "navy", "kelly"],
          default_color: "white",
          products: [{ garment_style_key: "mens_tee", price_cents: design.priceCents }],
          default_garment_style_key: "mens_tee",
          title: design.title,
          description: "A sun setting over teal hills, drawn for the studio's journey.",
          tags: [design.tag, "sunset"],
        },
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const draftId = ((await draft.json()) as { data: { id: string } }).data.id;
  const published = await request.post(`/api/v1/design_drafts/${draftId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(201);
  const data = ((await published.json()) as { data: { id: string; attributes: { design_path: string } } }).data;
  return {
    uuid: data.id,
    designPath: data.attributes.design_path,
    priceCents: design.priceCents,
    baseCostCents: tee.attributes.base_cost_cents,
  };
}

/** A second browser window like the test's own (same viewport, touch and user agent): another person's. */
export async function newWindowLikeThis(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
  });
  return context.newPage();
}
