import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../../lib/when-idle.ts";
import type { AccountMenuDropdown } from "./account-menu-dropdown.tsx";
import { type AccountMenuProps, accountMenuTriggerProps } from "./account-menu-trigger.tsx";

type Dropdown = typeof AccountMenuDropdown;
type Loaded = { Dropdown: Dropdown; focusTrigger: boolean };

const loadDropdown = (): Promise<Dropdown> =>
  import("./account-menu-dropdown.tsx").then((module) => module.AccountMenuDropdown);

/** Keys that open a menu button (the ones the menu's own trigger answers). */
const OPENING_KEYS = ["Enter", " ", "ArrowDown"];

/**
 * The account menu of the navigation bar. Its menu code (Radix: popper, focus management, collections) is
 * not needed to paint the page, so the bar first shows the same button on its own and loads the menu when
 * the browser is idle after start-up or as soon as the visitor points at, focuses or presses the button; a
 * press before the code arrives opens the menu when it does (decision 011).
 */
export function AccountMenu(props: AccountMenuProps) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [isWanted, setIsWanted] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => runWhenIdle(() => setIsWanted(true), IDLE_PREFETCH_DELAY_MS), []);
  useEffect(() => {
    if (!isWanted) return;
    let isCurrent = true;
    loadDropdown()
      .then((Dropdown) => {
        if (isCurrent) setLoaded({ Dropdown, focusTrigger: document.activeElement === buttonRef.current });
      })
      .catch(() => {
        // Offline: the button stays as it is, and pressing it tries again.
        if (isCurrent) setIsWanted(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [isWanted]);

  if (loaded) {
    const { Dropdown } = loaded;
    return <Dropdown {...props} defaultOpen={openOnLoad} focusTrigger={loaded.focusTrigger} />;
  }

  const want = () => setIsWanted(true);
  const open = () => {
    setIsWanted(true);
    setOpenOnLoad(true);
  };
  return (
    <button
      ref={buttonRef}
      {...accountMenuTriggerProps(props)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={want}
      onFocus={want}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        open();
      }}
      // A click that came without a pointer press (assistive technology).
      onClick={open}
    />
  );
}
