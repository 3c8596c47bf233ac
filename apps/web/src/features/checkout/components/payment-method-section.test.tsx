import { LOCAL_PROCESSOR_NOTICE } from "@threadfolk/contract/card-rules";
import type { PaymentSettingsResponse } from "@threadfolk/contract/orders";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PaymentMethodSection } from "./payment-method-section.tsx";

type Settings = PaymentSettingsResponse["data"]["attributes"];

const LOCAL_SETTINGS: Settings = {
  cardProcessor: "local",
  cardNotice: LOCAL_PROCESSOR_NOTICE,
  stripePublishableKey: null,
  paypal: { clientId: "sandbox-client", sdkUrl: "/paypal-sandbox/sdk/js", sandbox: true },
};

const STRIPE_SETTINGS: Settings = {
  cardProcessor: "stripe",
  cardNotice: null,
  stripePublishableKey: "pk_test_abcdefgh1234",
  paypal: { clientId: "live-client", sdkUrl: "https://www.paypal.com/sdk/js", sandbox: false },
};

function render(overrides: Partial<Parameters<typeof PaymentMethodSection>[0]> = {}) {
  return renderToStaticMarkup(
    <PaymentMethodSection
      method="visa"
      onMethodChange={() => {}}
      settings={LOCAL_SETTINGS}
      isPaying={false}
      isPlaceOrderDisabled={false}
      onCardNumberChange={() => {}}
      onPlaceOrder={() => {}}
      paypal={{ onApproved: () => {}, onError: () => {} }}
      {...overrides}
    />,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** The attributes of the input a label names. */
function inputLabelled(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label.replace(/[()]/g, "\\$&")}</label>`).exec(html)?.[1];
  if (!id) throw new Error(`no label ${label}`);
  return new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** Whether the method's radio is checked. */
function isChecked(html: string, method: string): boolean {
  const radio = new RegExp(`<input type="radio"[^>]*value="${method}"[^>]*>`).exec(html)?.[0];
  if (!radio) throw new Error(`no ${method} radio`);
  return radio.includes('checked=""');
}

describe("PaymentMethodSection", () => {
  it("with the card chosen: both methods, the card fields and Place Order, and nothing of PayPal", () => {
    const html = render();
    expect(isChecked(html, "visa")).toBe(true);
    expect(isChecked(html, "paypal")).toBe(false);
    expect(inputLabelled(html, "Credit Card Number")).toContain('autoComplete="cc-number"');
    expect(inputLabelled(html, "Expiration (MMYY)")).toContain('placeholder="0728"');
    expect(inputLabelled(html, "CVV")).toContain('autoComplete="cc-csc"');
    expect(text(html)).toContain("Place Order");
    expect(html).not.toMatch(/aria-label="PayPal"/);
  });

  it("shows the test processor's notice and its test numbers, and no notice for a real processor", () => {
    const local = text(render());
    expect(local).toContain("Test processor: no real card is charged");
    expect(local).toContain("4242 4242 4242 4242 Pays");
    expect(local).toContain("4000 0000 0000 0002 Your card was declined.");
    const stripe = text(render({ settings: STRIPE_SETTINGS }));
    expect(stripe).not.toContain("Test processor");
    expect(stripe).not.toContain("Test card numbers");
    expect(text(render({ settings: undefined }))).not.toContain("Test processor");
  });

  it("with Stripe taking the cards: Stripe's own fields load in their chunk, and none of ours can take a card", () => {
    const html = render({ settings: STRIPE_SETTINGS });
    // Server-side rendering shows the lazy chunk's fallback: the Stripe form is not part of this bundle.
    expect(text(html)).toContain("Loading the secure card form");
    expect(html).not.toContain("Credit Card Number");
    expect(html).not.toContain('autoComplete="cc-number"');
    // While the settings are unknown, no card field at all: in Stripe mode, card data must not reach our server.
    const unknown = render({ settings: undefined });
    expect(unknown).not.toContain("Credit Card Number");
    expect(text(unknown)).toContain("Loading the card form");
  });

  it("with PayPal chosen: the PayPal area (labelled as the sandbox when it is one) and no card fields", () => {
    const html = render({ method: "paypal" });
    expect(isChecked(html, "paypal")).toBe(true);
    expect(isChecked(html, "visa")).toBe(false);
    expect(html).toContain('aria-label="PayPal"');
    expect(text(html)).toContain("PayPal sandbox: no real money moves");
    expect(html).not.toContain("Credit Card Number");
    expect(html).not.toContain("Place Order");
    expect(text(render({ method: "paypal", settings: STRIPE_SETTINGS }))).not.toContain("PayPal sandbox");
  });

  it("disables and spins Place Order while a press runs, and disables it while the order changes", () => {
    const paying = render({ isPaying: true });
    expect(paying).toMatch(/<button type="submit" disabled="" aria-busy="true"/);
    expect(paying).toMatch(/<fieldset disabled="">/);
    expect(render({ isPlaceOrderDisabled: true })).toMatch(/<button type="submit" disabled=""/);
    expect(render()).toMatch(/<button type="submit"(?! disabled)/);
  });

  it("a gift card that pays part: says what it pays and what is left, and the methods stay", () => {
    const html = render({ giftCard: { code: "GIFT-10-A", pays: "$10.00", amountDue: "$27.99", paysAll: false } });
    expect(text(html)).toContain("Your gift card GIFT-10-A pays $10.00. Amount due: $27.99");
    expect(isChecked(html, "visa")).toBe(true);
    expect(inputLabelled(html, "Credit Card Number")).toContain('autoComplete="cc-number"');
  });

  it("a gift card that pays everything: no methods, no card fields, no PayPal, only Place Order", () => {
    const html = render({
      method: "paypal",
      giftCard: { code: "GIFT-100", pays: "$37.99", amountDue: "$0.00", paysAll: true },
    });
    expect(text(html)).toContain("Your gift card GIFT-100 pays the whole order ($37.99). No card or PayPal is needed.");
    expect(html).not.toContain('type="radio"');
    expect(html).not.toContain("Credit Card Number");
    expect(html).not.toContain('aria-label="PayPal"');
    expect(text(html)).toContain("Place Order");
    expect(
      render({ isPaying: true, giftCard: { code: "GIFT-100", pays: "$37.99", amountDue: "$0.00", paysAll: true } }),
    ).toMatch(/<button type="button" disabled="" aria-busy="true"/);
  });
});
