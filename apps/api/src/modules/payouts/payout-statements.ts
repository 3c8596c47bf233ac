import { createRequire } from "node:module";
import { formatCents } from "@threadfolk/contract/money";
import { PAYOUT_STATUS_NAMES } from "@threadfolk/contract/studio-payouts";
import PDFDocument from "pdfkit";
import { csvRow, decimalDollars, textCell } from "../sales/sales-csv.ts";
import type { ArtistPayoutRow, PayoutLineRow } from "./artist-payouts.ts";

/**
 * A payout's statement (issue 29): every ledger entry it pays, as CSV (RFC 4180, formula-safe, decimal dollars,
 * like the Sales export) and as a one-or-more-page PDF. The lines add up to the payout's amount.
 */

export const PAYOUT_STATEMENT_COLUMNS = ["Date", "Order", "Design", "Kind", "Quantity", "Earnings"] as const;

export type PayoutStatement = {
  brandName: string;
  artistName: string;
  payout: ArtistPayoutRow;
  lines: PayoutLineRow[];
};

export function payoutStatementFileName(payout: ArtistPayoutRow, extension: "csv" | "pdf"): string {
  return `payout-statement-${payout.createdAt.toISOString().slice(0, 10)}-${payout.id.slice(0, 8)}.${extension}`;
}

export function renderPayoutStatementCsv(statement: PayoutStatement): string {
  let csv = csvRow(PAYOUT_STATEMENT_COLUMNS);
  for (const line of statement.lines) {
    csv += csvRow([
      line.soldAt.toISOString().slice(0, 10),
      textCell(line.orderNumber),
      textCell(line.designName),
      line.kind === "sale" ? "Sale" : "Refund",
      String(line.quantity),
      decimalDollars(line.earningsCents),
    ]);
  }
  csv += csvRow(["", "", "", "Total", "", decimalDollars(statement.payout.amountCents)]);
  return csv;
}

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
};
const MARGIN = 54;
const WIDTHS = [70, 110, 170, 50, 40, 64] as const;

/** The statement as a PDF (PDFKit, Noto Sans so artists' titles print as typed). */
export async function renderPayoutStatementPdf(statement: PayoutStatement): Promise<Buffer> {
  const { payout } = statement;
  const document = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: {
      Title: `Payout statement ${payout.createdAt.toISOString().slice(0, 10)}`,
      Author: statement.brandName,
      CreationDate: payout.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    document.on("end", resolve);
    document.on("error", reject);
  });
  document.registerFont("regular", FONTS.regular);
  document.registerFont("bold", FONTS.bold);
  document.font("bold").fontSize(20).text(statement.brandName, MARGIN, MARGIN);
  document.font("regular").fontSize(12).fillColor("#52525b").text("Payout statement");
  document.fillColor("#000000").moveDown();
  document.font("regular").fontSize(10);
  document.text(`Artist: ${statement.artistName}`);
  document.text(`Date: ${payout.createdAt.toISOString().slice(0, 10)}`);
  document.text(`PayPal account: ${payout.receiverEmail}`);
  document.text(`Status: ${PAYOUT_STATUS_NAMES[payout.status]}`);
  document.font("bold").text(`Amount: ${formatCents(payout.amountCents)}`);
  document.moveDown();

  const row = (cells: readonly string[], bold = false) => {
    if (document.y > document.page.height - MARGIN - 30) document.addPage();
    const y = document.y;
    let x = MARGIN;
    document.font(bold ? "bold" : "regular").fontSize(9);
    let bottom = y;
    cells.forEach((cell, index) => {
      const width = WIDTHS[index] ?? 60;
      document.text(cell, x, y, { width: width - 6, align: index >= 4 ? "right" : "left" });
      bottom = Math.max(bottom, document.y);
      x += width;
    });
    document.y = bottom + 4;
  };
  row(PAYOUT_STATEMENT_COLUMNS, true);
  for (const line of statement.lines) {
    row([
      line.soldAt.toISOString().slice(0, 10),
      line.orderNumber,
      line.designName,
      line.kind === "sale" ? "Sale" : "Refund",
      String(line.quantity),
      formatCents(line.earningsCents),
    ]);
  }
  row(["", "", "", "Total", "", formatCents(payout.amountCents)], true);
  document.end();
  await ended;
  return Buffer.concat(chunks);
}
