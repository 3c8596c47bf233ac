import type { SellerProfile } from "@threadfolk/contract/studio-profile";
import { Link } from "react-router";
import { appConfig } from "../../../lib/config.ts";

/**
 * What a suspended artist sees on every profile page (issue 28): their storefront is hidden from shoppers, why,
 * and that Sales and payouts go on; with where to answer.
 */
export function SuspensionBanner({ storefront }: { storefront: SellerProfile }) {
  const { suspension, strikes } = storefront.attributes;
  if (!suspension) return null;
  const why =
    suspension.cause === "strikes"
      ? `It has ${strikes} intellectual property strikes, and three suspend a storefront.`
      : suspension.reason
        ? `Reason: ${suspension.reason}`
        : undefined;
  return (
    <section
      aria-labelledby="suspension-banner-title"
      className="mx-4 mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 md:mx-0 md:mt-14 md:p-5"
    >
      <h2 id="suspension-banner-title" className="font-bold">
        Your storefront is suspended
      </h2>
      <p className="mt-1">
        Your storefront and all of its designs are hidden from shoppers. {why} You can still sign in, see your sales and
        be paid what you have earned.
      </p>
      <p className="mt-1">
        Read our{" "}
        <Link to="/intellectual-property-policy#counter-notice" className="font-semibold underline underline-offset-2">
          Intellectual Property Policy
        </Link>{" "}
        to send a counter-notice, or write to{" "}
        <a href={`mailto:${appConfig.supportEmail}`} className="font-semibold underline underline-offset-2">
          {appConfig.supportEmail}
        </a>
        .
      </p>
    </section>
  );
}
