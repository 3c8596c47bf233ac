import { SHIPPING_OPTIONS } from "@threadfolk/contract/shipping";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <>
      <h3>{question}</h3>
      {children}
    </>
  );
}

/** Frequently asked questions about orders, shipping, returns, sizing, payments and selling. */
export default function FaqPage() {
  const { brandName, supportEmail } = appConfig;
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <StaticPage
      eyebrow="Help"
      title="Frequently Asked Questions"
      intro={
        <p>
          Quick answers about ordering, shipping, sizing and selling on {brandName}. Still stuck? Write to {mail}.
        </p>
      }
      sections={[
        {
          id: "orders",
          title: "Orders",
          content: (
            <>
              <Question question="How do I place an order?">
                <p>
                  Open a design, pick the style, color and size, and add it to your cart. When you are ready, open the
                  cart and press CHECKOUT: you enter your e-mail and shipping address, choose a shipping speed, then
                  pay. We e-mail you a confirmation with a link to your order as soon as it is paid.
                </p>
              </Question>
              <Question question="Do I need an account?">
                <p>
                  No. You can fill a cart and check out as a guest. With an account you can also save designs to named
                  collections, follow your favorite artists and see your past orders in your profile.
                </p>
              </Question>
              <Question question="Where can I see my order?">
                <p>
                  Signed in, open Orders in your profile: every order you placed is listed with its status. As a guest,
                  use the link in your confirmation e-mail; it opens that order's page without an account.
                </p>
              </Question>
              <Question question="Can I change or cancel my order?">
                <p>
                  You can cancel an order within an hour of paying for it, before it goes to production: open its page
                  (Orders in your profile, or the link in your confirmation e-mail) and press Cancel order. We refund it
                  in full. Need a different size or address? Cancel it in that hour and order again. Once it is in
                  production, each item is being printed just for you, so it can no longer be cancelled.
                </p>
              </Question>
            </>
          ),
        },
        {
          id: "shipping",
          title: "Shipping",
          content: (
            <>
              <Question question="Where do you ship?">
                <p>
                  We ship within the United States only: all 50 states, Washington DC and Puerto Rico. At checkout we
                  check your address and suggest a corrected version when we find one; you choose which one to use.
                </p>
              </Question>
              <Question question="How long will my order take?">
                <p>Every order offers three shipping speeds. The estimates include printing and processing time:</p>
                <ul>
                  {SHIPPING_OPTIONS.map((option) => (
                    <li key={option.key}>
                      <strong>{option.displayName}</strong>: {option.deliveryEstimate}
                    </li>
                  ))}
                </ul>
                <p>
                  The price of each speed depends on your order and is shown at checkout before you pay. Your order's
                  page shows the date we expect it.
                </p>
              </Question>
              <Question question="How do I track my order?">
                <p>
                  We e-mail you when each parcel ships, with its tracking link and what is inside, and again when your
                  order is delivered. A large order can ship in two parcels. Your order's page lists every parcel with
                  its tracking too.
                </p>
              </Question>
              <Question question="My order is late. What now?">
                <p>
                  If your order has not arrived ten business days after the end of its estimate, write to {mail}. We
                  will chase the carrier and send a replacement if the parcel is lost.
                </p>
              </Question>
            </>
          ),
        },
        {
          id: "returns",
          title: "Returns and refunds",
          content: (
            <>
              <Question question="What if my shirt arrives damaged or misprinted?">
                <p>
                  We reprint it or refund it, free of charge. Send a photo and your order number to {mail} within 30
                  days of delivery.
                </p>
              </Question>
              <Question question="Can I return something I no longer want?">
                <p>
                  Because every item is made to order, we do not accept returns for a change of mind. Our{" "}
                  <Link to="/refund-policy">refund policy</Link> explains what we cover, including wrong sizes.
                </p>
              </Question>
            </>
          ),
        },
        {
          id: "sizing",
          title: "Sizing",
          content: (
            <>
              <Question question="How do your shirts fit?">
                <p>
                  The men's tee has a classic, straight fit; most men and many women take their usual size. The women's
                  tee is narrower with a shorter body and a more fitted waist, so consider one size up if you like a
                  relaxed fit.
                </p>
              </Question>
              <Question question="Which sizes are available?">
                <p>
                  Sizes run from XS to 5XL, and each style has its own range: the men's tee goes up to 5XL, the hoodie
                  from S to 3XL. The <Link to="/size-charts">size charts</Link> list every style's sizes with chest
                  width and body length in inches and centimetres.
                </p>
              </Question>
            </>
          ),
        },
        {
          id: "payments",
          title: "Payments",
          content: (
            <>
              <Question question="How can I pay?">
                <p>
                  By credit or debit card, or with PayPal, in US dollars. Your payment is taken on the payment step,
                  when you press Place Order (or finish in PayPal).
                </p>
              </Question>
              <Question question="Can I use a gift card or a promo code?">
                <p>
                  Yes, one code per order: type it into the "Gift card or coupon code" field on the payment step and
                  press Apply. A promo code lowers the price; a gift card pays part or all of the total, and any rest is
                  paid by card or PayPal. The summary shows what the code changed before you pay.
                </p>
              </Question>
              <Question question="Do you charge sales tax?">
                <p>
                  Yes, where the law requires it. The estimated tax is shown in the order summary before you pay, based
                  on your shipping address.
                </p>
              </Question>
              <Question question="Is my card information safe?">
                <p>
                  Your card details go straight to our payment processor to authorize the charge. We keep only the
                  card's brand, its last four digits and its expiry date, never the full number or the security code.
                </p>
              </Question>
            </>
          ),
        },
        {
          id: "selling",
          title: `Selling on ${brandName}`,
          content: (
            <>
              <Question question="I make art. Can I sell it here?">
                <p>
                  Yes! Create an account, open a storefront from your profile ("Open a Storefront"), then upload your
                  artwork in the Product Designer. Our <Link to="/seller-program">seller program</Link> explains every
                  step and how you earn.
                </p>
              </Question>
              <Question question="Who prints and ships the products?">
                <p>
                  Artists upload designs; our print partner prints each order on demand, and every parcel ships with
                  tracking. We look after the orders and customer service, so you can spend your time making art.
                </p>
              </Question>
            </>
          ),
        },
      ]}
      footer={
        <ContactCard title="Didn't find your answer?">
          <p>E-mail {mail}. We reply within two business days, usually much sooner.</p>
        </ContactCard>
      }
    />
  );
}
