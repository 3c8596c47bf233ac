export * from "./accounts.ts";
<<<<<<< HEAD
export * from "./analytics.ts";
=======
export * from "./cart.ts";
>>>>>>> i11-cart-api
export * from "./catalogue.ts";
export * from "./favourites.ts";
export * from "./jobs.ts";
export * from "./rate-limit.ts";
export * from "./settings.ts";
