import { expect, type Page, type TestInfo } from "@playwright/test";
import { STATIC_PAGES } from "@threadfolk/contract/routes";

/** The brand the app under test was started with (global-setup passes it to the server). */
export const BRAND_NAME = process.env.E2E_BRAND_NAME || "Threadfolk";

export const isMobileProject = (testInfo: TestInfo) => testInfo.project.name === "mobile";

/** The footer links every page shows, by accessible name, and where they lead. */
export const FOOTER_LINKS = [
  { name: "Refund Policy", path: "/refund-policy" },
  { name: "Privacy Policy", path: "/privacy-policy" },
  { name: "Intellectual Property Policy", path: "/intellectual-property-policy" },
  { name: "Terms & Conditions", path: "/terms" },
  { name: "About Us", path: "/about" },
  { name: "Seller Program", path: "/seller-program" },
  { name: "FAQ", path: "/faq" },
  { name: "Size Charts", path: "/size-charts" },
] as const;

export function staticPageTitle(path: string): string {
  const page = STATIC_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is not a static page`);
  return page.title;
}

/** Waits until the page's top heading shows (pages are lazy-loaded behind a spinner). */
export async function expectPageHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The navigation of the layout in use: 'Main' on desktop, 'Mobile' below the md breakpoint. */
export function visibleNavigation(page: Page, testInfo: TestInfo) {
  return page.getByRole("navigation", { name: isMobileProject(testInfo) ? "Mobile" : "Main" });
}

/** The search field of the navigation bar of the layout in use. */
export function navigationSearchField(page: Page, testInfo: TestInfo) {
  return isMobileProject(testInfo)
    ? visibleNavigation(page, testInfo).getByRole("combobox", { name: `Search ${BRAND_NAME}` })
    : visibleNavigation(page, testInfo).getByRole("combobox", { name: "Search for designs" });
}

/** Collects console errors and uncaught exceptions of a page, to assert a page renders cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
