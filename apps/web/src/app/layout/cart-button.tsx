import { searchResultsPath } from "@threadfolk/contract/routes";
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link, useLocation } from "react-router";
import { CartIcon } from "../../components/icons/icons.tsx";
import { pickEmptyCartSearchTerm } from "../../features/cart/cart-count.ts";
import type { CartPopover as CartPopoverComponent } from "../../features/cart/components/cart-popover.tsx";
import { useCartCount } from "../../features/cart/hooks/use-cart-count.ts";
import { DESKTOP_MEDIA_QUERY } from "../../lib/use-media-query.ts";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../../lib/when-idle.ts";

type CartPopover = typeof CartPopoverComponent;

const loadCartPopover = (): Promise<CartPopover> =>
  import("../../features/cart/components/cart-popover.tsx").then((module) => module.CartPopover);

/** Keeps the pointer-leave grace period short: long enough to cross the gap to the card, no more. */
const CLOSE_DELAY_MS = 150;

/** Where the icon goes and what it is called, from the count (spec section 2: the cart, or a random search). */
function useCartLink() {
  const count = useCartCount();
  // Picked once per mount so the link does not change under the pointer on every render.
  const [emptyCartTerm] = useState(() => pickEmptyCartSearchTerm());
  const isEmpty = count === 0;
  const shopPath = searchResultsPath(emptyCartTerm);
  return {
    count,
    shopPath,
    href: isEmpty ? shopPath : "/shopping-cart",
    label: isEmpty ? "Shopping cart, empty" : `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`,
  };
}

function CartIconContent({ count }: { count: number }) {
  return (
    <>
      <CartIcon className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </>
  );
}

const linkClass =
  "relative flex size-11 items-center justify-center rounded-full text-neutral-800 transition-colors hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-brand";

/** The popover's code: fetched when the browser is idle after start-up, or at once when the card is wanted. */
function useCartPopoverCode() {
  const [Popover, setPopover] = useState<CartPopover>();
  const isRequested = useRef(false);
  const request = useCallback(() => {
    if (isRequested.current) return;
    isRequested.current = true;
    loadCartPopover()
      .then((component) => setPopover(() => component))
      .catch(() => {
        // Offline: the icon still links to the cart; the next hover tries again.
        isRequested.current = false;
      });
  }, []);
  useEffect(
    () =>
      runWhenIdle(() => {
        // Phones never show the card (the icon goes straight to the cart): they need not download it.
        if (window.matchMedia(DESKTOP_MEDIA_QUERY).matches) request();
      }, IDLE_PREFETCH_DELAY_MS),
    [request],
  );
  return { Popover, request };
}

/**
 * The desktop cart icon with its hover card. It opens while a mouse hovers the icon or the card, or while
 * keyboard focus is on either (Tab goes from the icon into the card); Escape, a press elsewhere or leaving
 * closes it. On a touch screen the first tap opens it and a second tap on the icon follows the link, so the
 * link is never out of reach. A click always follows the link.
 */
function DesktopCartButton() {
  const { count, shopPath, href, label } = useCartLink();
  const { Popover, request } = useCartPopoverCode();
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastPointerType = useRef<string | undefined>(undefined);
  const containerRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const location = useLocation();

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Following any link (the icon, View Cart, SHOP NOW, a line) leaves the card behind.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => {
    clearTimeout(closeTimer.current);
    setIsOpen(false);
  }, [location.pathname, location.search]);

  const open = useCallback(() => {
    request();
    clearTimeout(closeTimer.current);
    setIsOpen(true);
  }, [request]);
  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    setIsOpen(false);
  }, []);
  const closeSoon = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setIsOpen(false), CLOSE_DELAY_MS);
  }, []);

  function handleLinkClick(event: MouseEvent) {
    if (lastPointerType.current === "touch" && !isOpen) {
      // First tap on a touch screen: show the card (there is no hover); the next tap follows the link.
      event.preventDefault();
      open();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches hover and focus around the link and the card; the link and the card's controls are the interactive elements.
    <div
      ref={containerRef}
      className="relative"
      onPointerEnter={(event: PointerEvent) => event.pointerType === "mouse" && open()}
      onPointerLeave={(event: PointerEvent) => event.pointerType === "mouse" && closeSoon()}
      onPointerDown={(event: PointerEvent) => {
        lastPointerType.current = event.pointerType;
        if (event.pointerType === "touch") request();
      }}
      onFocus={(event: FocusEvent) => {
        if (event.target === linkRef.current && event.target.matches(":focus-visible")) open();
      }}
      onBlur={(event: FocusEvent) => {
        const next = event.relatedTarget as Node | null;
        // Focus leaving for nowhere while the pointer is on the card (a press on its text) keeps it open.
        if (next === null && event.currentTarget.matches(":hover")) return;
        if (!event.currentTarget.contains(next)) close();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        lastPointerType.current = undefined;
        if (event.key === "Escape") close();
      }}
      onKeyDownCapture={(event: KeyboardEvent) => {
        // The card is not a dialog: Tab moves through it and on to the page as the document order says, so
        // the popover's own focus loop (which would keep Tab inside it) never sees the key.
        if (event.key === "Tab") event.stopPropagation();
      }}
    >
      <Link ref={linkRef} to={href} aria-label={label} className={linkClass} onClick={handleLinkClick}>
        <CartIconContent count={count} />
      </Link>
      {Popover && (
        <Popover
          open={isOpen}
          onOpenChange={(next) => (next ? open() : close())}
          anchorRef={linkRef}
          containerRef={containerRef}
          shopPath={shopPath}
          count={count}
          onNavigate={close}
        />
      )}
    </div>
  );
}

/** The phone's cart icon: it goes straight to the cart (or the random search), with no card (decision 019). */
function MobileCartButton() {
  const { count, href, label } = useCartLink();
  return (
    <Link to={href} aria-label={label} className={linkClass}>
      <CartIconContent count={count} />
    </Link>
  );
}

/**
 * The cart icon (spec section 2): a count badge; the cart when it has items, otherwise results for a random
 * popular term. On desktop, hovering or focusing it shows the cart summary card.
 */
export function CartButton({ variant }: { variant: "desktop" | "mobile" }) {
  return variant === "desktop" ? <DesktopCartButton /> : <MobileCartButton />;
}
