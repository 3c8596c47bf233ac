import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

/** Privacy policy: what we collect, why, who we share it with and the visitor's choices. */
export default function PrivacyPolicyPage() {
  const { brandName, supportEmail } = appConfig;
  return (
    <StaticPage
      eyebrow="Policies"
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what {brandName} collects when you shop or sell with us, what we do with it, and the
          choices you have. We collect only what we need to run the marketplace, and we never sell your personal data.
        </p>
      }
      sections={[
        {
          id: "what-we-collect",
          title: "What we collect",
          content: (
            <ul>
              <li>
                <strong>Account details</strong>: your e-mail address, first and last name, username and password
                (stored only as a secure one-way hash).
              </li>
              <li>
                <strong>Order details</strong>: shipping and billing addresses, the e-mail address for your receipt,
                what you bought and the shipping speed you chose.
              </li>
              <li>
                <strong>Payment details</strong>: card details pass to our payment processor to authorize the charge. We
                keep only a record of the payment (the card's brand, last four digits and expiry date), never the full
                card number or security code. PayPal payments are handled by PayPal. Gift cards and promo codes you
                apply are recorded with the order.
              </li>
              <li>
                <strong>Activity</strong>: designs you favorite, collections you create, artists you follow, and pages
                you visit.
              </li>
              <li>
                <strong>Seller details</strong>: your storefront's name, bio and pictures, the artwork you upload, and
                the sales and earnings of your designs.
              </li>
            </ul>
          ),
        },
        {
          id: "how-we-use-it",
          title: "How we use it",
          content: (
            <ul>
              <li>to print, ship and support your orders, and to check shipping addresses at checkout;</li>
              <li>to keep you signed in, and to remember your cart, favorites and followed artists;</li>
              <li>to credit artists with their sales and show them their sales figures;</li>
              <li>to prevent fraud and keep the service secure;</li>
              <li>to understand which pages work well and improve the marketplace;</li>
              <li>
                to send the e-mails the service needs: the confirmation of your e-mail address, password resets and the
                confirmation of each order you pay.
              </li>
            </ul>
          ),
        },
        {
          id: "storage-and-cookies",
          title: "Cookies and local storage",
          content: (
            <>
              <p>
                Your browser stores a few small items for us: your sign-in state and session credentials, the number of
                items in your cart, and the designs and artists you have favorited or followed. Without them the cart
                and sign-in would not work.
              </p>
              <p>
                We also record page views and events such as searching or reaching checkout in our own analytics, which
                may pass them on to analytics and advertising measurement services. They help us see which designs and
                campaigns people like.
              </p>
            </>
          ),
        },
        {
          id: "sharing",
          title: "Who we share it with",
          content: (
            <>
              <p>We share personal data only with companies that help us run {brandName}:</p>
              <ul>
                <li>shipping carriers, who receive your name and address to deliver your order;</li>
                <li>payment processors, who authorize and capture your payment;</li>
                <li>hosting, e-mail and analytics providers, under contracts that limit their use of the data.</li>
              </ul>
              <p>
                Artists see what was ordered, but not your payment details. We disclose data to authorities only when
                the law requires it.
              </p>
            </>
          ),
        },
        {
          id: "retention-and-security",
          title: "Retention and security",
          content: (
            <p>
              We keep order records as long as tax and accounting law require, and account data until you ask us to
              delete your account. Connections are encrypted, passwords are hashed, and access to personal data within
              our team is limited to the people who need it.
            </p>
          ),
        },
        {
          id: "your-choices",
          title: "Your choices and rights",
          content: (
            <>
              <p>
                You can ask for a copy of the personal data we hold about you, ask us to correct it, or ask us to delete
                your account, by writing to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We send no
                promotional e-mails today; if we start, every one will have an unsubscribe link.
              </p>
              <p>
                {brandName} is not directed at children under 13, and we do not knowingly collect their data. If you
                believe a child has given us personal data, contact us and we will delete it.
              </p>
            </>
          ),
        },
      ]}
      footer={
        <ContactCard title="Privacy questions">
          <p>
            Contact us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We answer within two business days.
          </p>
        </ContactCard>
      }
    />
  );
}
