import { colorDisplayName } from "@threadfolk/contract/colors";
import { formatCents, multiply, toCents } from "@threadfolk/contract/money";
import { DELIVERY_ESTIMATE_NOTE, SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import { COUNTRY_DISPLAY_NAME } from "@threadfolk/contract/states";
import { nameGarmentStyle } from "../cart/presenters.ts";
import {
  type BrandConfig,
  type EmailMessage,
  escapeHtml,
  renderEmailButton,
  renderEmailFrame,
  renderTextFooter,
} from "../mail/templates.ts";
import type { ConfirmationOrder } from "./find-confirmation-order.ts";
import { describePayment } from "./placed-order.ts";

/** One line as the e-mail shows it. */
type EmailLine = {
  name: string;
  description: string;
  quantity: number;
  imageUrl: string;
  unitPrice: string;
  /** The catalogue price struck through when a sale lowered it. */
  regularUnitPrice: string | null;
  total: string;
};

type EmailAddress = { title: string; lines: string[] };

/** How an order was paid, as shoppers read it: 'Visa ending 4242', 'PayPal'. */
export function describePaymentMethod(payment: ConfirmationOrder["payment"]): string | null {
  return describePayment(payment)?.description ?? null;
}

function presentAddress(title: string, address: ConfirmationOrder["shippingAddress"]): EmailAddress | null {
  if (!address) return null;
  const street = [address.address1, address.address2].filter((part) => part.trim() !== "").join(", ");
  return {
    title,
    lines: [
      `${address.firstName} ${address.lastName}`,
      street,
      `${address.city}, ${address.state} ${address.zip}`,
      COUNTRY_DISPLAY_NAME,
    ],
  };
}

function cents(value: number | null): string {
  return formatCents(value ?? 0);
}

/**
 * The order confirmation e-mail (issue 13, deliverable 8): the order number in the subject, each line with its
 * mockup, size, colour, quantity and prices, the shipping method and its delivery estimate, the totals, the
 * payment method, both addresses, a link to the order and one to the refund policy. Every value is escaped in
 * the HTML; the plain-text part says the same.
 */
export function renderOrderConfirmationEmail(options: {
  config: BrandConfig;
  found: ConfirmationOrder;
  /** The absolute URL of a line's picture (its permanent purchase picture, fulfilment/purchase-pictures.ts). */
  imageUrlOf: (line: ConfirmationOrder["lines"][number]) => string;
  /** The absolute link to the order (order-link.ts `buildOrderUrl`). */
  orderUrl: string;
}): EmailMessage {
  const { config, found, imageUrlOf, orderUrl } = options;
  const { order } = found;
  if (!order.email) throw new Error(`order ${order.orderNumber} has no e-mail address`);
  const brand = config.BRAND_NAME;
  const refundPolicyUrl = `${config.PUBLIC_URL}/refund-policy`;
  const greetingName = found.customerFirstName ?? found.billingAddress?.firstName ?? found.shippingAddress?.firstName;
  const shipping = SHIPPING_OPTIONS.find((option) => option.key === order.selectedShippingServiceKey);
  const shippingMethod = shipping ? `${shipping.displayName} (${shipping.deliveryEstimate})` : null;
  const paymentMethod = describePaymentMethod(found.payment);

  const lines: EmailLine[] = found.lines.map((row) => {
    const { line, design, style } = row;
    const regular = toCents(line.unitPriceCents ?? 0);
    const paid = toCents(line.unitSalePriceCents ?? regular);
    return {
      name: design.displayName,
      description: `${nameGarmentStyle(style)} · ${colorDisplayName(line.color)} · Size ${line.size}`,
      quantity: line.quantity,
      imageUrl: imageUrlOf(row),
      unitPrice: formatCents(paid),
      regularUnitPrice: paid < regular ? formatCents(regular) : null,
      total: formatCents(multiply(paid, line.quantity)),
    };
  });
  const totals: Array<[string, string]> = [
    ["Items", cents(order.itemTotalCents)],
    ...((order.discountCents ?? 0) > 0 ? [["Discount", `-${cents(order.discountCents)}`] as [string, string]] : []),
    ["Shipping", cents(order.shippingCents)],
    ["Tax", cents(order.taxCents)],
    ["Total", cents(order.totalCents)],
  ];
  const addresses = [
    presentAddress("Shipping address", found.shippingAddress),
    presentAddress("Billing address", found.billingAddress),
  ].filter((address): address is EmailAddress => address !== null);
  const intro = `Thank you for your order! We have received your payment for order ${order.orderNumber} and will start printing it soon.`;

  const text = [
    greetingName ? `Hi ${greetingName},` : "Hi,",
    "",
    intro,
    "",
    `Order ${order.orderNumber}`,
    "",
    ...lines.flatMap((line) => [
      `${line.quantity} x ${line.name}: ${line.description}`,
      `   ${line.unitPrice} each${line.regularUnitPrice ? ` (was ${line.regularUnitPrice})` : ""}, ${line.total}`,
    ]),
    "",
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    "",
    ...(shippingMethod ? [`Shipping method: ${shippingMethod}. ${DELIVERY_ESTIMATE_NOTE}`] : []),
    ...(paymentMethod ? [`Paid with: ${paymentMethod}`] : []),
    "",
    ...addresses.flatMap((address) => [`${address.title}:`, ...address.lines.map((line) => `  ${line}`), ""]),
    `View your order: ${orderUrl}`,
    `Refund policy: ${refundPolicyUrl}`,
    "",
    ...renderTextFooter(config),
  ].join("\n");

  const cell = "padding:8px 0;border-bottom:1px solid #e4e4e7;vertical-align:top";
  const linesHtml = lines
    .map(
      (line) => `<tr>
<td style="${cell};width:88px"><img src="${escapeHtml(line.imageUrl)}" width="80" height="80" alt="${escapeHtml(line.name)}" style="display:block;border-radius:4px;background:#f4f4f5;font-size:12px;overflow:hidden"></td>
<td style="${cell};padding-left:12px"><strong>${escapeHtml(line.name)}</strong><br><span style="font-size:14px;color:#52525b">${escapeHtml(line.description)}<br>Quantity ${line.quantity} &middot; ${escapeHtml(line.unitPrice)} each${line.regularUnitPrice ? ` <s style="color:#a1a1aa">${escapeHtml(line.regularUnitPrice)}</s>` : ""}</span></td>
<td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(line.total)}</td>
</tr>`,
    )
    .join("\n");
  const totalsHtml = totals
    .map(
      ([label, amount], index) =>
        `<tr${index === totals.length - 1 ? ' style="font-weight:bold"' : ""}><td style="padding:4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(amount)}</td></tr>`,
    )
    .join("\n");
  const addressesHtml = addresses
    .map(
      (address) =>
        `<td style="vertical-align:top;padding:8px 8px 8px 0;width:50%"><strong>${escapeHtml(address.title)}</strong><br><span style="font-size:14px">${address.lines.map(escapeHtml).join("<br>")}</span></td>`,
    )
    .join("");
  const html = renderEmailFrame({
    config: config,
    contentHtml: `<p>${escapeHtml(greetingName ? `Hi ${greetingName},` : "Hi,")}</p>
<p>${escapeHtml(intro)}</p>
<h2 style="font-size:18px;margin:24px 0 8px">Order ${escapeHtml(order.orderNumber)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${linesHtml}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px;font-size:15px">
${totalsHtml}
</table>
${shippingMethod ? `<p style="font-size:14px"><strong>Shipping method:</strong> ${escapeHtml(shippingMethod)}<br><span style="color:#52525b">${escapeHtml(DELIVERY_ESTIMATE_NOTE)}</span></p>` : ""}
${paymentMethod ? `<p style="font-size:14px"><strong>Paid with:</strong> ${escapeHtml(paymentMethod)}</p>` : ""}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>${addressesHtml}</tr></table>
${renderEmailButton("View your order", orderUrl)}
<p style="font-size:14px;color:#52525b">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(orderUrl)}">${escapeHtml(orderUrl)}</a></p>
<p style="font-size:14px">Changed your mind? Read our <a href="${escapeHtml(refundPolicyUrl)}">refund policy</a>.</p>`,
  });
  return {
    kind: "order_confirmation",
    to: order.email,
    subject: `Your ${brand} order ${order.orderNumber}`,
    text,
    html,
  };
}
