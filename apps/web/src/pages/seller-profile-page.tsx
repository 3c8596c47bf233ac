import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { Link } from "react-router";
import { Button } from "../components/button.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { Spinner } from "../components/spinner.tsx";
import { openAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import { useSignedIn } from "../features/session/hooks/use-signed-in.ts";
import { useSellerProfile } from "../features/studio/api/get-seller-profile.ts";
import { StorefrontForm } from "../features/studio/components/storefront-form.tsx";

const linkButtonClass =
  "inline-flex h-11 items-center rounded-full px-5 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * `/seller-profile`: any signed-in customer opens a storefront here (name, username, bio, pictures, the
 * agreement); an artist changes it with the same form.
 */
export default function SellerProfilePage() {
  const signedIn = useSignedIn();
  const storefront = useSellerProfile({ enabled: signedIn });
  const profile = storefront.data;

  if (!signedIn) {
    return (
      <div className="pb-16">
        <PageHeading title="Open your storefront" eyebrow="Sell your art" />
        <div className="max-w-2xl px-5 md:px-10">
          <p className="text-neutral-700">
            Put your designs on tees, hoodies and more: we print, ship and handle the customer service, and you earn on
            every sale. Log in or create an account to open your storefront.
          </p>
          <Button className="mt-6" onClick={() => openAuthModal("signIn")}>
            Login or Create Account
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="pb-16">
      <PageHeading
        title={profile ? "Your storefront" : "Open your storefront"}
        eyebrow={profile ? "Seller Profile" : "Sell your art"}
      >
        {profile ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={profile.attributes.storefrontPath} className={`${linkButtonClass} bg-neutral-950 text-white`}>
              View your storefront
            </Link>
            <Link
              to={CLIENT_ROUTES.productUploadWizard}
              className={`${linkButtonClass} border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50`}
            >
              Upload a design
            </Link>
          </div>
        ) : (
          profile === null && (
            <p className="mt-3 max-w-2xl text-neutral-600">
              Your storefront is where shoppers find all your designs, at /artist/your-username. It takes a minute: you
              can change everything later.
            </p>
          )
        )}
      </PageHeading>
      <div className="px-5 md:px-10">
        {storefront.isPending ? (
          <Spinner className="py-16" label="Loading your storefront" />
        ) : storefront.isError ? (
          <div className="rounded-2xl bg-neutral-50 px-5 py-8">
            <p className="text-neutral-700">Your storefront could not be loaded.</p>
            <Button variant="secondary" className="mt-4" onClick={() => storefront.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          // A new key once the storefront opens: the form starts again in its editing mode with the saved values.
          <StorefrontForm key={profile?.id ?? "new"} profile={profile ?? null} />
        )}
      </div>
    </div>
  );
}
