import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AccountIcon, ChevronDownIcon } from "../../components/icons/icons.tsx";
import type { AuthActions } from "./auth-actions.ts";
import { PROFILE_TABS } from "./profile-tabs.ts";

type AccountMenuProps = AuthActions & {
  isSignedIn: boolean;
  variant: "desktop" | "mobile";
};

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

/** The account button and its dropdown (Radix menu: arrow keys, Escape, typeahead). */
export function AccountMenu(props: AccountMenuProps) {
  const { isSignedIn, variant } = props;
  const visibleText = isSignedIn ? "Account" : "Sign in";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The accessible name starts with the visible words so voice control users can say what they see.
        aria-label={variant === "desktop" ? `${visibleText}: account menu` : "Account menu"}
        className="group flex h-11 items-center gap-1.5 rounded-full px-2.5 text-neutral-800 transition-colors hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-neutral-100"
      >
        <AccountIcon className="size-6" />
        {variant === "desktop" && (
          <>
            <span className="text-sm font-semibold">{visibleText}</span>
            <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
          </>
        )}
      </DropdownMenu.Trigger>
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
