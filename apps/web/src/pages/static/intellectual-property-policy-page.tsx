import { ContactCard, StaticPage } from "../../components/static-page.tsx";
import { appConfig } from "../../lib/config.ts";

/** Intellectual property policy: artists' rights, what sellers may upload, and how to report infringement. */
export default function IntellectualPropertyPolicyPage() {
  const { brandName, supportEmail } = appConfig;
  return (
    <StaticPage
      eyebrow="Policies"
      title="Intellectual Property Policy"
      intro={
        <p>
          {brandName} exists because artists' work is worth protecting. We take reports of copyright and trademark
          infringement seriously and act on them quickly.
        </p>
      }
      sections={[
        {
          id: "artists-rights",
          title: "Artists keep their rights",
          content: (
            <>
              <p>
                Artists who sell on {brandName} keep full ownership of the artwork they upload. By publishing a design
                they give {brandName} a non-exclusive license to display it on the site and in our promotions, and to
                print it on the products customers order. The license ends when the design is deactivated, except for
                orders already placed.
              </p>
            </>
          ),
        },
        {
          id: "what-you-may-upload",
          title: "What sellers may upload",
          content: (
            <>
              <p>
                Upload only artwork that you created yourself or have a written license to sell on apparel. Do not use:
              </p>
              <ul>
                <li>characters, logos, names or artwork owned by someone else without their permission;</li>
                <li>
                  photographs, fonts or stock images whose license does not allow printing on merchandise for sale;
                </li>
                <li>the name or likeness of a real person in a way that suggests they endorse your product;</li>
                <li>trademarks (brand names, slogans, logos) of companies, teams or bands.</li>
              </ul>
              <p>
                Fan culture is at the heart of {brandName}, and original tributes, parodies and commentary are welcome.
                They still have to be your own artwork and must not copy protected material wholesale.
              </p>
            </>
          ),
        },
        {
          id: "report-infringement",
          title: "How to report infringement",
          content: (
            <>
              <p>
                If you own a copyright or trademark and believe a design on {brandName} infringes it, send a notice to{" "}
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the subject line "Intellectual property
                notice". Please include:
              </p>
              <ol>
                <li>your name, postal address, telephone number and e-mail address;</li>
                <li>a description of the work you own, with a registration number or link if you have one;</li>
                <li>the link to each design page on {brandName} that you believe infringes it;</li>
                <li>
                  a statement that you believe in good faith that the use is not authorized by the rights owner, its
                  agent or the law;
                </li>
                <li>
                  a statement that the information in your notice is accurate and, under penalty of perjury, that you
                  are the rights owner or authorized to act for them;
                </li>
                <li>your physical or electronic signature (typing your full name is enough).</li>
              </ol>
              <p>
                We review each complete notice within two business days. When it is valid we remove the design, stop
                printing it, and tell the seller who published it. To point us to a design quickly, you can also use
                "Report this design" at the bottom of any design page.
              </p>
            </>
          ),
        },
        {
          id: "counter-notice",
          title: "If your design was removed: counter-notice",
          content: (
            <>
              <p>
                If we removed your design after a notice and you believe the removal was a mistake, or that you have the
                right to use the material, you can send a counter-notice to{" "}
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the subject line "Counter-notice". It must
                contain:
              </p>
              <ol>
                <li>your name, postal address, telephone number and e-mail address;</li>
                <li>the name of the design that was removed and the link where it appeared before it was removed;</li>
                <li>
                  a statement, under penalty of perjury, that you believe in good faith that the design was removed as a
                  result of a mistake or misidentification;
                </li>
                <li>
                  a statement that you consent to the jurisdiction of the federal district court for the judicial
                  district of your address (or, if your address is outside the United States, any judicial district in
                  which {brandName} may be found), and that you will accept service of process from the person who sent
                  the notice or their agent;
                </li>
                <li>your physical or electronic signature (typing your full name is enough).</li>
              </ol>
              <p>
                We forward complete counter-notices to the person who sent the original notice. Unless they tell us
                within ten business days that they have filed a court action to stop the infringement, we restore the
                design within ten to fourteen business days of receiving your counter-notice. A restored design no
                longer counts as a strike.
              </p>
            </>
          ),
        },
        {
          id: "repeat-infringers",
          title: "Repeat infringers: three strikes",
          content: (
            <>
              <p>
                Each design we remove after a valid intellectual property notice is a strike on the seller's storefront.
                At three strikes, the storefront is suspended: it and all of its designs are hidden from the
                marketplace. The seller can still sign in, see their sales and be paid what they have already earned. A
                strike is removed when its design is restored, for example after a counter-notice.
              </p>
              <p>
                Sending notices that knowingly misrepresent infringement can make the sender liable for damages, so
                please report only what you own or represent.
              </p>
            </>
          ),
        },
      ]}
      footer={
        <ContactCard title="Report a design">
          <p>
            Send your notice or counter-notice to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Notices with
            every item listed above are handled fastest.
          </p>
        </ContactCard>
      }
    />
  );
}
