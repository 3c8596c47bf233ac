import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium; Playwright never downloads its own browser here. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./specs",
  // Full-page screenshots of every screen for people to look at (specs/screenshots.spec.ts): on request only,
  // with E2E_SCREENSHOTS=1. What they assert is asserted by the other specs (decision 050).
  testIgnore: process.env.E2E_SCREENSHOTS ? [] : ["**/screenshots.spec.ts"],
  outputDir: "./test-results",
  // global-setup builds what is stale and starts the app on a random port; it sets E2E_BASE_URL for the workers.
  globalSetup: "./global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The machines running this have two cores shared with other work.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]] : "list",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot; recording the
    // screencast of every test to keep it for the few that fail cost about a fifth of the run's CPU (decision 063).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
    },
    {
      name: "mobile",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
      },
    },
  ],
});
