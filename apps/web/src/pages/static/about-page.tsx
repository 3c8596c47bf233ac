import { TAGLINE } from "@threadfolk/contract/constants";
import { homeCollectionResultsPath } from "@threadfolk/contract/routes";
import { Link } from "react-router";
import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

/** About us: who we are, how the marketplace works, what we care about. */
export default function AboutPage() {
  const { brandName, supportEmail } = appConfig;
  return (
    <StaticPage
      eyebrow="Our story"
      title="About Us"
      intro={
        <p>
          {brandName} is a marketplace for independent artists who put their designs on apparel, and for the people who
          want to wear them. {TAGLINE}
        </p>
      }
      sections={[
        {
          id: "why",
          title: "Why we exist",
          content: (
            <>
              <p>
                The best shirts are the ones that feel made for you: the inside joke from a show only your friends
                watch, the character from a game you have played for a decade, the pun that makes strangers grin. Big
                stores do not make those. Artists do.
              </p>
              <p>
                {brandName} gives those artists a shop front without the hassle of running one. They draw; we print,
                pack, ship and answer the e-mails.
              </p>
            </>
          ),
        },
        {
          id: "how-it-works",
          title: "How it works",
          content: (
            <ol>
              <li>
                <strong>Artists upload</strong> their designs with the Product Designer and choose the colors each
                design looks best on.
              </li>
              <li>
                <strong>You shop</strong> by searching, browsing the collections on the home page, or following the
                artists you love.
              </li>
              <li>
                <strong>We print on demand</strong>: nothing is printed until you order it, so there is no pile of
                unsold stock heading to landfill.
              </li>
              <li>
                <strong>The artist earns a royalty</strong> on every shirt sold with their design.
              </li>
            </ol>
          ),
        },
        {
          id: "what-we-care-about",
          title: "What we care about",
          content: (
            <ul>
              <li>
                <strong>Artists first.</strong> Artists keep ownership of their work, and every sale is credited to the
                person who made the design.
              </li>
              <li>
                <strong>Original work.</strong> We protect creators by acting quickly on infringement reports (see our{" "}
                <Link to="/intellectual-property-policy">intellectual property policy</Link>).
              </li>
              <li>
                <strong>Shirts worth keeping.</strong> If a print is flawed, we replace it. See the{" "}
                <Link to="/refund-policy">refund policy</Link>.
              </li>
              <li>
                <strong>Straight answers.</strong> Real people answer every message sent to{" "}
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
              </li>
            </ul>
          ),
        },
        {
          id: "where-we-ship",
          title: "Where we ship",
          content: (
            <p>
              We ship across the United States, Washington DC and Puerto Rico included, with three shipping speeds at
              checkout. Prices are in US dollars. The <Link to="/faq">FAQ</Link> has the details.
            </p>
          ),
        },
      ]}
      footer={
        <ContactCard title="Come and look around">
          <p>
            Start with <Link to={homeCollectionResultsPath("popular")}>what's popular</Link>, or{" "}
            <Link to="/seller-program">sell your own designs</Link>.
          </p>
        </ContactCard>
      }
    />
  );
}
