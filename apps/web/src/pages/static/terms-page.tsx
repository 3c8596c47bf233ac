import { Link } from "react-router";
import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

/** Terms & Conditions for shoppers and sellers. */
export default function TermsPage() {
  const { brandName, supportEmail, publicUrl } = appConfig;
  return (
    <StaticPage
      eyebrow="Policies"
      title="Terms & Conditions"
      intro={
        <p>
          These terms apply when you use {brandName} at {publicUrl.replace(/^https?:\/\//, "")}, buy from it or sell on
          it. By creating an account or placing an order you agree to them, so please read them.
        </p>
      }
      sections={[
        {
          id: "accounts",
          title: "Your account",
          content: (
            <>
              <p>
                You may browse and buy as a guest. To sell, or to keep collections and follow artists, you need an
                account. You must be at least 13 years old to create one, and at least 18 (or have a parent's
                permission) to buy or sell.
              </p>
              <p>
                Keep your password to yourself: you are responsible for what happens under your account. Tell us at{" "}
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if you think someone else has used it. We may
                suspend accounts that break these terms.
              </p>
            </>
          ),
        },
        {
          id: "orders",
          title: "Orders, prices and payment",
          content: (
            <>
              <ul>
                <li>
                  Prices are in US dollars and include the print. Shipping and any sales tax are added at checkout.
                </li>
                <li>We ship only to addresses in the United States, including Washington DC and Puerto Rico.</li>
                <li>
                  You pay by card or PayPal on the payment step, where one gift card or promo code may also be applied.
                  The contract for an order is formed when the payment succeeds, and we confirm it by e-mail.
                </li>
                <li>
                  We may cancel and fully refund an order if a design has been removed, if the price shown was clearly
                  wrong, or if we suspect fraud.
                </li>
              </ul>
              <p>
                Delivery times are estimates. Reprints and refunds are handled as set out in our{" "}
                <Link to="/refund-policy">refund policy</Link>.
              </p>
            </>
          ),
        },
        {
          id: "sellers",
          title: "Selling designs",
          content: (
            <>
              <p>If you publish designs on {brandName}, you confirm that:</p>
              <ul>
                <li>you created the artwork or hold the rights needed to sell it printed on apparel;</li>
                <li>it does not infringe anyone's copyright, trademark, privacy or publicity rights;</li>
                <li>it does not contain hate speech, harassment, or sexual content involving minors.</li>
              </ul>
              <p>
                You keep ownership of your artwork and grant us the license described in our{" "}
                <Link to="/intellectual-property-policy">intellectual property policy</Link>. We may decline or remove
                designs that break these terms. Earnings are described in the{" "}
                <Link to="/seller-program">seller program</Link>.
              </p>
            </>
          ),
        },
        {
          id: "acceptable-use",
          title: "Acceptable use",
          content: (
            <p>
              Do not misuse the service: no attempts to access other people's accounts or data, no scraping that burdens
              our servers, no automated orders, no uploading of malware, and no use of {brandName} to break the law. We
              may limit or end access for anyone who does.
            </p>
          ),
        },
        {
          id: "liability",
          title: "Warranties and liability",
          content: (
            <>
              <p>
                We work hard to keep {brandName} available and accurate, but the service is provided as it is. Colors on
                screen can differ slightly from the printed product.
              </p>
              <p>
                To the extent the law allows, our liability for any order is limited to the amount you paid for it, and
                we are not liable for indirect or consequential losses. Nothing in these terms limits rights you have
                under consumer protection law.
              </p>
            </>
          ),
        },
        {
          id: "changes",
          title: "Changes to these terms",
          content: (
            <p>
              We may update these terms as the marketplace grows. Significant changes are announced on this page before
              they apply; orders already placed stay under the terms that applied when you placed them.
            </p>
          ),
        },
      ]}
      footer={
        <ContactCard title="Questions about these terms?">
          <p>
            Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        </ContactCard>
      }
    />
  );
}
