import { decimalAmount } from "@threadfolk/contract/money";
import { refuseIssue } from "./sandbox-errors.ts";

export type Money = { currency_code: string; value: string };

/**
 * A money value as PayPal's books hold it, in cents ("12.5" -> 1250). Only for values the description's pattern
 * and the two-decimal rule have passed; anything else is a bug of the sandbox's own.
 */
export function valueToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new RangeError(`Not an amount the sandbox accepted: ${JSON.stringify(value)}`);
  return Number(BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0")));
}

/** Cents as PayPal writes a money value: "12.50". */
export const centsToValue = (cents: number): string => decimalAmount(cents);

/** PayPal's amount rules for one purchase unit (its 422 issues). */
export function checkAmounts(unit: Record<string, unknown>): Money {
  const amount = unit.amount as Money & { breakdown?: Record<string, Money> };
  const field = "/purchase_units/0/amount";
  const all: [string, Money][] = [[`${field}/value`, amount]];
  for (const [name, part] of Object.entries(amount.breakdown ?? {}))
    all.push([`${field}/breakdown/${name}/value`, part]);
  const items = (unit.items as { unit_amount: Money; quantity: string; tax?: Money }[] | undefined) ?? [];
  items.forEach((item, index) => {
    all.push([`/purchase_units/0/items/${index}/unit_amount/value`, item.unit_amount]);
    if (item.tax) all.push([`/purchase_units/0/items/${index}/tax/value`, item.tax]);
  });
  for (const [at, money] of all) {
    if (money.currency_code !== amount.currency_code)
      refuseIssue(
        "MULTI_CURRENCY_ORDER",
        "Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.",
        at,
      );
    if (money.value.startsWith("-")) refuseIssue("CANNOT_BE_NEGATIVE", "Must be greater than or equal to 0.", at);
    if (/\.\d{3,}$/.test(money.value))
      refuseIssue("DECIMAL_PRECISION", "Only two decimal place precision is supported.", at);
  }
  if (amount.currency_code !== "USD")
    refuseIssue("INVALID_CURRENCY_CODE", "This sandbox's merchant sells in USD only.", `${field}/currency_code`);
  const cents = (money: Money | undefined) => (money ? BigInt(valueToCents(money.value)) : 0n);
  const total = cents(amount);
  if (total <= 0n) refuseIssue("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.", `${field}/value`);
  const breakdown = amount.breakdown;
  if (items.length > 0 && !breakdown?.item_total)
    refuseIssue("ITEM_TOTAL_REQUIRED", "item_total is required with items", `${field}/breakdown/item_total`);
  if (items.some((item) => item.tax) && !breakdown?.tax_total)
    refuseIssue("TAX_TOTAL_REQUIRED", "tax_total is required with item taxes", `${field}/breakdown/tax_total`);
  if (breakdown) {
    const sum =
      cents(breakdown.item_total) +
      cents(breakdown.tax_total) +
      cents(breakdown.shipping) +
      cents(breakdown.handling) +
      cents(breakdown.insurance) -
      cents(breakdown.shipping_discount) -
      cents(breakdown.discount);
    if (sum !== total) {
      refuseIssue(
        "AMOUNT_MISMATCH",
        "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
        `${field}/value`,
      );
    }
    if (items.length > 0) {
      const itemSum = items.reduce((acc, item) => acc + cents(item.unit_amount) * BigInt(item.quantity), 0n);
      if (itemSum !== cents(breakdown.item_total)) {
        refuseIssue(
          "ITEM_TOTAL_MISMATCH",
          "Should equal sum of (unit_amount * quantity) across all items.",
          `${field}/breakdown/item_total/value`,
        );
      }
      if (breakdown.tax_total && items.some((item) => item.tax)) {
        const taxSum = items.reduce((acc, item) => acc + cents(item.tax) * BigInt(item.quantity), 0n);
        if (taxSum !== cents(breakdown.tax_total))
          refuseIssue(
            "TAX_TOTAL_MISMATCH",
            "Should equal sum of (tax * quantity) across all items.",
            `${field}/breakdown/tax_total/value`,
          );
      }
    }
  }
  return { currency_code: amount.currency_code, value: amount.value };
}
