import { describe, expect, it } from "vitest";
import type { SaleRow } from "./queries.ts";
import { csvField, csvRow, decimalDollars, renderSalesCsv, salesCsvFileName, textCell } from "./sales-csv.ts";

const row: SaleRow = {
  id: 1,
  soldAt: new Date("2026-11-02T10:00:00Z"),
  orderNumber: "TF-ABCDEFGH",
  orderState: "paid",
  designId: "00000000-0000-4000-8000-000000000001",
  designName: '=HYPERLINK("http://evil","click"), "quoted"',
  styleName: "T-Shirt",
  styleFit: "Men",
  size: "L",
  color: "royal_blue",
  quantity: 2,
  earningsCents: 1205,
  reversed: false,
  windowPassed: false,
};

describe("sales CSV", () => {
  it("quotes fields with commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });

  it("defuses text cells a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(textCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(textCell("Cat Nap")).toBe("Cat Nap");
  });

  it("writes money as decimal dollars", () => {
    expect(decimalDollars(1250)).toBe("12.50");
    expect(decimalDollars(5)).toBe("0.05");
    expect(decimalDollars(0)).toBe("0.00");
    expect(decimalDollars(-1999)).toBe("-19.99");
    expect(decimalDollars(123456789)).toBe("1234567.89");
  });

  it("renders a header and one row per sale", () => {
    const csv = renderSalesCsv([row]);
    const [header, line, rest] = csv.split("\r\n");
    expect(header).toBe("Date,Order,Design,Garment style,Size,Color,Quantity,Order status,Earnings (USD),Payout");
    expect(line).toBe(
      `2026-11-02,TF-ABCDEFGH,"'=HYPERLINK(""http://evil"",""click""), ""quoted""",Men's T-Shirt,L,Royal Blue,2,Paid,12.05,Pending`,
    );
    expect(rest).toBe("");
    expect(salesCsvFileName(new Date("2026-11-23T23:59:00Z"))).toBe("sales-2026-11-23.csv");
  });
});
