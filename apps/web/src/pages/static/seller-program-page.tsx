import { EARNINGS_HOLD_DAYS_AFTER_DELIVERY } from "@threadfolk/contract/studio";
import { Link } from "react-router";
import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

/** Seller program: how artists join, upload designs and earn. */
export default function SellerProgramPage() {
  const { brandName, supportEmail } = appConfig;
  return (
    <StaticPage
      eyebrow="For artists"
      title="Seller Program"
      intro={
        <p>
          Turn your art into shirts without buying stock, packing boxes or chasing parcels. You upload the design; our
          print partner prints each order on demand and ships it with tracking, and {brandName} credits you a royalty on
          every sale.
        </p>
      }
      sections={[
        {
          id: "join",
          title: "Join in three minutes",
          content: (
            <ol>
              <li>
                Create a free account from the account menu: choose "Login or Create Account", then "Create One". Pick a
                username between 5 and 20 characters; it becomes the address of your storefront.
              </li>
              <li>Confirm your e-mail address with the link we send you.</li>
              <li>
                Open your profile and choose "Open a Storefront": name your storefront and agree to the seller program
                terms. Everything a seller needs then lives in your profile: Sales, My Designs and the Product Designer.
              </li>
            </ol>
          ),
        },
        {
          id: "upload",
          title: "Upload a design",
          content: (
            <>
              <p>The Product Designer walks you through each new product:</p>
              <ol>
                <li>Upload your artwork (PNG, JPEG, WebP or SVG, up to 50 MB) and place it on each garment style.</li>
                <li>Give the design a clear name and a short description, so shoppers can find it in search.</li>
                <li>
                  Pick the colors it looks good on and the one it is shown in first, the styles you offer and their
                  prices.
                </li>
                <li>Publish it. It appears on your storefront and in search results.</li>
              </ol>
              <h3>Artwork that prints well</h3>
              <ul>
                <li>Use a PNG file with a transparent background, so only your artwork is printed.</li>
                <li>
                  Work large: around 4500 × 5400 pixels (15 × 18 inches at 300 DPI) gives a sharp print at full size.
                </li>
                <li>Avoid very thin lines and soft, semi-transparent edges; they do not survive printing on fabric.</li>
                <li>Check your design on both light and dark shirts, and choose colors where it stays readable.</li>
              </ul>
            </>
          ),
        },
        {
          id: "earn",
          title: "How you earn",
          content: (
            <>
              <p>
                Every sale of a shirt with your design earns you a royalty: 80% of what the item sold for above the cost
                of the garment and its printing. Promo codes shoppers use come out of our share, never yours. You do not
                pay anything to list designs, and there are no monthly fees. We cover the garment, printing, packing,
                shipping and customer service.
              </p>
              <p>
                The Sales tab of your profile lists each sale of your designs as it comes in, with what you earned and
                where the order is: in production, shipped or delivered. Your earnings become available{" "}
                {EARNINGS_HOLD_DAYS_AFTER_DELIVERY} days after the order is delivered, not when it is paid.
              </p>
            </>
          ),
        },
        {
          id: "grow",
          title: "Grow your audience",
          content: (
            <ul>
              <li>Shoppers can follow you and save your designs to their collections.</li>
              <li>Share the link to your storefront or to a single design on your social accounts.</li>
              <li>Designs that sell well can be featured in the collections on our home page.</li>
              <li>Keep your catalog fresh: edit or deactivate designs at any time from My Designs.</li>
            </ul>
          ),
        },
        {
          id: "rules",
          title: "The ground rules",
          content: (
            <p>
              Sell only artwork you made or have the rights to. Fan art must be your own original drawing, and logos or
              trademarks of others are off limits. Read our{" "}
              <Link to="/intellectual-property-policy">intellectual property policy</Link> and the{" "}
              <Link to="/terms">terms</Link> before you publish.
            </p>
          ),
        },
      ]}
      footer={
        <ContactCard title="Questions before you start?">
          <p>
            Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and tell us about your art. We are happy to
            help you set up your first designs.
          </p>
        </ContactCard>
      }
    />
  );
}
