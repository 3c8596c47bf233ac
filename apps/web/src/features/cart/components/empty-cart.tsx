import { Link } from "react-router";

type EmptyCartProps = {
  /** Results for a random popular term (the cart icon's own destination when the cart is empty). */
  shopPath: string;
  /** Called when SHOP NOW is followed (the popover closes). */
  onShop?: () => void;
  size?: "popover" | "page";
};

/** The empty cart in the spec's words: 'Oh no, your cart is empty.', 'Add something lit to it!' and SHOP NOW. */
export function EmptyCart({ shopPath, onShop, size = "popover" }: EmptyCartProps) {
  const isPage = size === "page";
  return (
    <div className="text-center">
      <p className={`font-display font-bold text-neutral-950 ${isPage ? "text-2xl md:text-3xl" : "mt-3 text-lg"}`}>
        Oh no, your cart is empty.
      </p>
      <p className={`mt-1 text-neutral-600 ${isPage ? "text-lg" : "text-sm"}`}>Add something lit to it!</p>
      <Link
        to={shopPath}
        onClick={onShop}
        className={`inline-flex items-center rounded-full bg-brand font-bold tracking-wide text-white transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${isPage ? "mt-8 h-12 px-8 text-[15px]" : "mt-4 h-10 px-6 text-sm"}`}
      >
        SHOP NOW
      </Link>
    </div>
  );
}
