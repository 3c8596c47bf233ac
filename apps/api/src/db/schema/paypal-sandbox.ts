// The in-app PayPal sandbox's tables (decisions 027, 055 and 066) are defined by its package, which queries them;
// they are part of the app's schema here so that its migrations create them.
export * from "@threadfolk/paypal-sandbox/schema";
