import type { ComponentPropsWithRef } from "react";
import { AccountIcon, ChevronDownIcon } from "../../components/icons/icons.tsx";
import type { AuthActions } from "./auth-actions.ts";

export type AccountMenuProps = AuthActions & {
  isSignedIn: boolean;
  variant: "desktop" | "mobile";
};

type TriggerLook = Pick<AccountMenuProps, "isSignedIn" | "variant">;

/**
 * The account button's attributes and content, shared by the button shown before the menu's code has loaded
 * and the menu's own trigger, so the swap between them changes nothing on screen.
 */
export function accountMenuTriggerProps({ isSignedIn, variant }: TriggerLook): ComponentPropsWithRef<"button"> {
  const visibleText = isSignedIn ? "Account" : "Sign in";
  return {
    type: "button",
    // The accessible name starts with the visible words so voice control users can say what they see.
    "aria-label": variant === "desktop" ? `${visibleText}: account menu` : "Account menu",
    className:
      "group flex h-11 items-center gap-1.5 rounded-full px-2.5 text-neutral-800 transition-colors hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-neutral-100",
    children: (
      <>
        <AccountIcon className="size-6" />
        {variant === "desktop" && (
          <>
            <span className="text-sm font-semibold">{visibleText}</span>
            <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
          </>
        )}
      </>
    ),
  };
}
