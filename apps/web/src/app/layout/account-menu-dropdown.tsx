import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { type MouseEvent, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type AccountMenuProps, accountMenuTriggerProps } from "./account-menu-trigger.tsx";
import { PROFILE_TABS } from "./profile-tabs.ts";

const itemClass =
  "flex w-full cursor-pointer select-none items-center rounded-lg px-3 py-2.5 text-[15px] text-neutral-800 outline-none data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-950";

function LinkItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}

function ActionItem({
  onSelect,
  children,
  emphasis,
}: {
  onSelect: () => void;
  children: ReactNode;
  emphasis?: boolean;
}) {
  return (
    <DropdownMenu.Item onSelect={onSelect} className={`${itemClass} ${emphasis ? "font-semibold text-brand" : ""}`}>
      {children}
    </DropdownMenu.Item>
  );
}

function Separator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />;
}

/** The entries of the account menu, which differ by sign-in state and by layout (spec: Navigation bar). */
function AccountMenuItems({ isSignedIn, variant, onSignIn, onSignUp, onSignOut }: AccountMenuProps) {
  if (variant === "desktop") {
    return isSignedIn ? (
      <>
        <DropdownMenu.Label className="px-3 pt-2 pb-1.5 font-display text-base font-bold text-neutral-950">
          Hi there!
        </DropdownMenu.Label>
        <LinkItem to="/my-profile/seller-orders">Profile</LinkItem>
        <ActionItem onSelect={onSignOut}>Logout</ActionItem>
        <Separator />
        <LinkItem to="/about">About</LinkItem>
        <LinkItem to="/faq">FAQ</LinkItem>
      </>
    ) : (
      <>
        <ActionItem onSelect={onSignIn} emphasis>
          Login or Create Account
        </ActionItem>
        <Separator />
        <LinkItem to="/about">About Us</LinkItem>
        <LinkItem to="/faq">FAQs</LinkItem>
      </>
    );
  }
  return isSignedIn ? (
    <>
      {PROFILE_TABS.map((tab) => (
        <LinkItem key={tab.path} to={tab.path}>
          {tab.label}
        </LinkItem>
      ))}
      <Separator />
      <LinkItem to="/about">About Us</LinkItem>
      <LinkItem to="/faq">FAQs</LinkItem>
      <Separator />
      <ActionItem onSelect={onSignOut}>Logout</ActionItem>
    </>
  ) : (
    <>
      <ActionItem onSelect={onSignIn} emphasis>
        Login
      </ActionItem>
      <ActionItem onSelect={onSignUp}>No Account? Sign Up Instead</ActionItem>
      <Separator />
      <LinkItem to="/about">About Us</LinkItem>
      <LinkItem to="/faq">FAQs</LinkItem>
    </>
  );
}

type AccountMenuDropdownProps = AccountMenuProps & {
  /** Open at once: the visitor pressed the account button before this code had loaded. */
  defaultOpen?: boolean;
  /** Take the keyboard focus at once: the button this replaces had it. */
  focusTrigger?: boolean;
};

/**
 * The account button and its dropdown (Radix menu: arrow keys, Escape, typeahead). Loaded after the first
 * paint (`AccountMenu`), which shows the same button until then.
 */
export function AccountMenuDropdown({ defaultOpen = false, focusTrigger = false, ...props }: AccountMenuDropdownProps) {
  const { variant } = props;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(defaultOpen);
  // Radix opens the menu on the pointer press and on Enter/Space/ArrowDown, never on a click; a press marks
  // the click that follows it as already handled.
  const isPointerPress = useRef(false);
  useLayoutEffect(() => {
    // An opening menu takes the focus itself. The focus goes back to the trigger only if it went down with the
    // button this replaces: a Tab pressed while the menu's code arrived has moved it on, and it stays there.
    const focusWasLost = document.activeElement === null || document.activeElement === document.body;
    if (focusTrigger && !defaultOpen && focusWasLost) triggerRef.current?.focus();
  }, [focusTrigger, defaultOpen]);

  function handleTriggerClick(event: MouseEvent) {
    if (isPointerPress.current) {
      isPointerPress.current = false;
      return;
    }
    // A click without a pointer press: assistive technology activating the button (a synthetic click).
    event.preventDefault();
    setIsOpen((open) => !open);
  }

  return (
    <DropdownMenu.Root modal={false} open={isOpen} onOpenChange={setIsOpen}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        {...accountMenuTriggerProps(props)}
        onPointerDown={() => {
          isPointerPress.current = true;
        }}
        onClick={handleTriggerClick}
      />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={`z-50 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl shadow-neutral-900/10 ${
            variant === "desktop" ? "w-64" : "w-[min(18rem,calc(100vw-1.5rem))]"
          }`}
        >
          <AccountMenuItems {...props} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
