import { createRequire } from "node:module";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";

/** What the packing slip of an order shows: the packer's checklist and the parcel's paperwork. */
export type PackingSlip = {
  brandName: string;
  orderNumber: string;
  /** When the order was placed, as an ISO date-time. */
  placedAt: string;
  /** The shipping option as shoppers read it ('Standard (5-7 business days)'), when known. */
  shippingMethod: string | null;
  shipTo: { name: string; lines: string[] };
  items: Array<{ designName: string; style: string; color: string; size: string; quantity: number }>;
};

// Noto Sans covers Latin, Greek and Cyrillic: shoppers' names and artists' titles print as typed (the PDF's
// standard fonts know only Windows-1252). Embedded as TrueType: fontkit reads it about 20 times faster than WOFF.
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
};

const MARGIN = 54;
const COLUMNS = [
  { title: "Qty", width: 40 },
  { title: "Design", width: 190 },
  { title: "Style", width: 130 },
  { title: "Colour", width: 80 },
  { title: "Size", width: 64 },
] as const;

/** The order number as a Code 128 barcode (what a packing station scans), as PNG. */
function orderBarcode(orderNumber: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: "code128", text: orderNumber, scale: 3, height: 12, includetext: false });
}

/**
 * The packing slip PDF of an order (issue 27): the brand, the order number as text and as a Code 128 barcode,
 * the date, the ship-to address, the shipping method and every item with its design, style, colour, size and
 * quantity; the table runs onto more pages when it must. Made with PDFKit and bwip-js in a heavy work child.
 */
export async function renderPackingSlip(slip: PackingSlip): Promise<Buffer> {
  const barcode = await orderBarcode(slip.orderNumber);
  const placedAt = new Date(slip.placedAt);
  const document = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: `Packing slip ${slip.orderNumber}`, Author: slip.brandName, CreationDate: placedAt },
  });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    document.on("end", resolve);
    document.on("error", reject);
  });
  document.registerFont("regular", FONTS.regular);
  document.registerFont("bold", FONTS.bold);
  const width = document.page.width - 2 * MARGIN;

  document.font("bold").fontSize(20).text(slip.brandName, MARGIN, MARGIN);
  document.font("regular").fontSize(12).fillColor("#52525b").text("Packing slip");
  document.fillColor("#000000");
  document.image(barcode, MARGIN + width - 220, MARGIN, { fit: [220, 50], align: "right" });
  document
    .font("bold")
    .fontSize(11)
    .text(slip.orderNumber, MARGIN + width - 220, MARGIN + 54, { width: 220, align: "right" });

  let y = MARGIN + 96;
  document.font("bold").fontSize(11).text(`Order ${slip.orderNumber}`, MARGIN, y);
  document
    .font("regular")
    .text(
      `Placed ${placedAt.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })}`,
    );
  if (slip.shippingMethod) document.text(`Shipping: ${slip.shippingMethod}`);
  y = document.y + 16;
  document.font("bold").text("Ship to", MARGIN, y);
  document.font("regular").text([slip.shipTo.name, ...slip.shipTo.lines].join("\n"));
  y = document.y + 24;

  const drawHeader = () => {
    let x = MARGIN;
    document.font("bold").fontSize(10);
    for (const column of COLUMNS) {
      document.text(column.title, x, y, { width: column.width - 8 });
      x += column.width;
    }
    y += 18;
    document
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + width, y - 4)
      .strokeColor("#a1a1aa")
      .stroke();
  };
  drawHeader();
  document.font("regular").fontSize(10);
  for (const item of slip.items) {
    const cells = [String(item.quantity), item.designName, item.style, item.color, item.size];
    const rowHeight = Math.max(
      ...cells.map((cell, index) => document.heightOfString(cell, { width: (COLUMNS[index]?.width ?? 60) - 8 })),
    );
    if (y + rowHeight > document.page.height - MARGIN) {
      document.addPage();
      y = MARGIN;
      drawHeader();
      document.font("regular").fontSize(10);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const columnWidth = COLUMNS[index]?.width ?? 60;
      document.text(cell, x, y, { width: columnWidth - 8 });
      x += columnWidth;
    });
    y += rowHeight + 8;
  }
  const units = slip.items.reduce((sum, item) => sum + item.quantity, 0);
  document
    .font("bold")
    .text(`${units} ${units === 1 ? "item" : "items"} in all`, MARGIN, y + 4)
    .font("regular")
    .fillColor("#52525b")
    .text(`Thank you for supporting independent artists. Printed on demand by ${slip.brandName}.`, MARGIN, y + 24, {
      width,
    });
  document.end();
  await ended;
  return Buffer.concat(chunks);
}
