import { Link } from "react-router";
import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

/** Refund policy: what we reprint or refund, how to ask, and how long it takes. */
export default function RefundPolicyPage() {
  const { brandName, supportEmail } = appConfig;
  return (
    <StaticPage
      eyebrow="Policies"
      title="Refund Policy"
      intro={
        <p>
          Every {brandName} order is printed for you after you buy it. If something we made is not right, we fix it: a
          free reprint or your money back. Here is exactly how that works.
        </p>
      }
      sections={[
        {
          id: "our-promise",
          title: "Our promise",
          content: (
            <>
              <p>
                We replace or refund any item that arrives <strong>damaged, defective or misprinted</strong>, or that is{" "}
                <strong>not what you ordered</strong> (wrong design, color, style or size compared with your order
                confirmation). You never pay shipping for a replacement caused by our mistake.
              </p>
              <p>Report the problem within 30 days of delivery and we will take it from there.</p>
            </>
          ),
        },
        {
          id: "made-to-order",
          title: "Made-to-order items",
          content: (
            <>
              <p>
                Because each shirt is printed on demand with an artist's design, we cannot take back items simply
                because you changed your mind. Before you order, please check:
              </p>
              <ul>
                <li>
                  the <Link to="/size-charts">size charts</Link> (our unisex and women's tees fit differently);
                </li>
                <li>the color you picked on the design page;</li>
                <li>your shipping address: checkout checks it and may suggest a corrected version.</li>
              </ul>
              <p>
                Ordered the wrong size? Tell us within 30 days of delivery and we will print the same design in the
                right size for the cost of shipping alone, once per order.
              </p>
            </>
          ),
        },
        {
          id: "how-to-ask",
          title: "How to request a reprint or refund",
          content: (
            <ol>
              <li>
                E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with your order number and the e-mail
                address you used at checkout.
              </li>
              <li>Tell us which item is affected and what is wrong with it.</li>
              <li>Attach a clear photo of the problem (the print, the label or the damage).</li>
              <li>Say whether you prefer a reprint or a refund.</li>
            </ol>
          ),
        },
        {
          id: "timing",
          title: "Timing",
          content: (
            <>
              <p>
                We answer every request within two business days. Reprints go back into production right away and ship
                with the speed you chose for the original order.
              </p>
              <p>
                Refunds go back to the card or PayPal account you paid with, in US dollars; the part of an order paid
                with a gift card goes back onto that gift card. Once approved, card and PayPal refunds usually appear
                within 5 to 10 business days, depending on your bank.
              </p>
            </>
          ),
        },
        {
          id: "cancellations",
          title: "Cancellations and address changes",
          content: (
            <p>
              Printing starts soon after an order is paid, and there is no cancel button in your order history. If you
              need to cancel or change the address, e-mail us as soon as possible: if the order has not been printed yet
              we cancel it and refund it in full. Once it is printed we can no longer cancel it.
            </p>
          ),
        },
        {
          id: "lost-parcels",
          title: "Lost or returned parcels",
          content: (
            <>
              <p>
                If your order has not arrived ten business days after the end of its delivery estimate, or the carrier
                shows it as delivered but it never reached you, contact us: we open a claim with the carrier and send a
                replacement.
              </p>
              <p>
                Parcels returned to us because the address was incomplete or wrong can be reshipped once you confirm the
                correct address; the new shipping cost is charged again.
              </p>
            </>
          ),
        },
      ]}
      footer={
        <ContactCard title="Something not right with your order?">
          <p>
            Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with your order number and a photo. A person
            on our team reads every message.
          </p>
        </ContactCard>
      }
    />
  );
}
