/**
 * Every operation of the HTTP API by name: its method and its path template (OpenAPI style, `{param}`), as served.
 * The one list the server's description (`/api/openapi.json`, built from `api-operations.ts`) and the web app's
 * requests read their paths from (issue 26, decision 062). No validation library here: the web app's first load
 * imports this file.
 */

export const API_BASE = "/api/v1";
/** The description's version: the major follows `/api/v1`. */
export const API_VERSION = "1.0.0";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiRoute = { readonly method: HttpMethod; readonly path: string };

export function route<Method extends HttpMethod, Path extends string>(method: Method, path: Path) {
  return { method, path } as const;
}

export const API = {
  // Service
  healthz: route("GET", "/healthz"),
  ping: route("GET", "/api/v1/ping"),
  // OAuth (RFC 6749) and the spec's token call
  oauthToken: route("POST", "/oauth/token"),
  oauthRevoke: route("POST", "/oauth/revoke"),
  createToken: route("POST", "/api/v1/tokens"),
  // Accounts
  signUp: route("POST", "/api/v1/users"),
  confirmEmail: route("POST", "/api/v1/users/confirm_email"),
  forgotPassword: route("POST", "/api/v1/users/forgot_password"),
  resetPassword: route("POST", "/api/v1/users/reset_password"),
  userInfo: route("GET", "/api/v1/user_info"),
  // Discovery
  homeCollectionsOrSearch: route("GET", "/api/v1/internal_design_collections"),
  homeCollection: route("GET", "/api/v1/internal_design_collections/{name_key}"),
  carousel: route("GET", "/api/v1/carousels"),
  marketplaceSale: route("GET", "/api/v1/marketplace_sales"),
  design: route("GET", "/api/v1/designs/{uuid}"),
  designGarmentImages: route("GET", "/api/v1/designs/{uuid}/images/{garment}"),
  artist: route("GET", "/api/v1/artists/{artist_key}"),
  searchSuggestions: route("GET", "/api/v1/search_suggestions"),
  designTags: route("GET", "/api/v1/design_tags"),
  garmentLayers: route("GET", "/api/v1/garment_layers/{garment}"),
  // Favourites and follows
  createFavoriteCollection: route("POST", "/api/v1/customer_profile_design_collections"),
  favoriteCollections: route("GET", "/api/v1/customer_profile_design_collections"),
  favoriteCollection: route("GET", "/api/v1/customer_profile_design_collections/{id}"),
  renameFavoriteCollection: route("PATCH", "/api/v1/customer_profile_design_collections/{id}"),
  deleteFavoriteCollection: route("DELETE", "/api/v1/customer_profile_design_collections/{id}"),
  toggleLikedVariant: route("POST", "/api/v1/liked_seller_design_product_variants"),
  likedVariants: route("GET", "/api/v1/liked_seller_design_product_variants"),
  followArtist: route("POST", "/api/v1/artist_follows"),
  unfollowArtist: route("DELETE", "/api/v1/artist_follows/{seller_profile_id}"),
  followedArtists: route("GET", "/api/v1/artist_follows"),
  // Analytics
  analyticsEvents: route("POST", "/api/v1/analytics_events"),
  // Cart and checkout
  shoppingCart: route("GET", "/api/v1/shopping_cart"),
  addCartLine: route("POST", "/api/v1/order_line_items"),
  updateCartLine: route("PUT", "/api/v1/order_line_items/{id}"),
  deleteCartLine: route("DELETE", "/api/v1/order_line_items/{id}"),
  createAddresses: route("POST", "/api/v1/addresses"),
  saveAddresses: route("PUT", "/api/v1/addresses"),
  updateOrder: route("PUT", "/api/v1/orders"),
  addressValidation: route("GET", "/api/v1/address_validations"),
  // Orders and payments
  placeOrder: route("POST", "/api/v1/orders"),
  payByCard: route("POST", "/api/v1/order_payments"),
  createPayPalOrder: route("POST", "/api/v1/pay_pal_orders"),
  payByPayPal: route("POST", "/api/v1/pay_pal_order_payments"),
  payPalPaymentFailure: route("POST", "/api/v1/pay_pal_order_payment_failures"),
  payPalWebhook: route("POST", "/api/v1/pay_pal_webhooks"),
  stripeWebhook: route("POST", "/api/v1/stripe_webhooks"),
  paymentSettings: route("GET", "/api/v1/payment_settings"),
  orders: route("GET", "/api/v1/orders"),
  order: route("GET", "/api/v1/orders/{order_number}"),
  cancelOrder: route("POST", "/api/v1/orders/{order_number}/cancellation"),
  // Fulfilment
  printFile: route("GET", "/api/v1/print_files/{order_id}/{file_name}"),
  printfulWebhook: route("POST", "/api/v1/printful_webhooks"),
  // Studio
  sellerProfile: route("GET", "/api/v1/seller_profile"),
  openStorefront: route("POST", "/api/v1/seller_profile"),
  updateStorefront: route("PATCH", "/api/v1/seller_profile"),
  garmentStyles: route("GET", "/api/v1/garment_styles"),
  designDrafts: route("GET", "/api/v1/design_drafts"),
  createDesignDraft: route("POST", "/api/v1/design_drafts"),
  designDraft: route("GET", "/api/v1/design_drafts/{draft_id}"),
  saveDesignDraft: route("PATCH", "/api/v1/design_drafts/{draft_id}"),
  deleteDesignDraft: route("DELETE", "/api/v1/design_drafts/{draft_id}"),
  publishDesignDraft: route("POST", "/api/v1/design_drafts/{draft_id}/publish"),
  sellerDesigns: route("GET", "/api/v1/seller_designs"),
  deactivateDesign: route("POST", "/api/v1/seller_designs/deactivate"),
  reactivateDesign: route("POST", "/api/v1/seller_designs/reactivate"),
  sellerDesign: route("GET", "/api/v1/seller_designs/{seller_design_uuid}"),
  updateSellerDesign: route("PATCH", "/api/v1/seller_designs/{seller_design_uuid}"),
  sellerDesignRenders: route("GET", "/api/v1/seller_designs/{seller_design_uuid}/renders"),
  storefrontCollections: route("GET", "/api/v1/storefront_collections"),
  createStorefrontCollection: route("POST", "/api/v1/storefront_collections"),
  storefrontCollection: route("GET", "/api/v1/storefront_collections/{id}"),
  updateStorefrontCollection: route("PATCH", "/api/v1/storefront_collections/{id}"),
  deleteStorefrontCollection: route("DELETE", "/api/v1/storefront_collections/{id}"),
  sales: route("GET", "/api/v1/seller_sales"),
  salesSummary: route("GET", "/api/v1/seller_sales/summary"),
  salesCsv: route("GET", "/api/v1/seller_sales.csv"),
  // Resumable uploads (tus 1.0.0)
  createUpload: route("POST", "/api/v1/uploads"),
  appendUpload: route("PATCH", "/api/v1/uploads/{id}"),
  cancelUpload: route("DELETE", "/api/v1/uploads/{id}"),
  uploadStatus: route("GET", "/api/v1/uploads/{id}/status"),
} as const satisfies Record<string, ApiRoute>;

export type ApiOperationId = keyof typeof API;

/** The `{name}` parameters of a path template, by name. */
type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export type PathParams<Path extends string> = [PathParamNames<Path>] extends [never]
  ? Record<string, never>
  : { [Name in PathParamNames<Path>]: string | number };

/**
 * The concrete path of an operation: its template with every `{param}` filled in (URI-encoded). Types check that
 * every parameter is given: `apiPath(API.order, { order_number: "TF-…" })`.
 */
export function apiPath<Route extends ApiRoute>(
  operation: Route,
  ...params: [PathParamNames<Route["path"]>] extends [never] ? [] : [PathParams<Route["path"]>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return operation.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: ${name} is missing for ${operation.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path template as Fastify's router writes it: `{order_number}` -> `:orderNumber`. */
export function routerPattern(path: string): string {
  return path.replace(
    /\{([a-z_]+)\}/g,
    (_match, name: string) => `:${name.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())}`,
  );
}
