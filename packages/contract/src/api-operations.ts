import { z } from "zod";
import { addressValidationQuerySchema, addressValidationResponseSchema } from "./address-validation.ts";
import { EVERY_API, type EveryApiOperationId } from "./admin-api-paths.ts";
import { analyticsBatchSchema } from "./analytics.ts";
import type { ApiRoute } from "./api-paths.ts";
import {
  analyticsAcceptedReplySchema,
  artistStorefrontReplySchema,
  carouselReplySchema,
  collectionDesignsReplySchema,
  deleteFavoriteCollectionReplySchema,
  designGarmentImagesReplySchema,
  designReplySchema,
  designTagsReplySchema,
  favoriteCollectionPageReplySchema,
  favoriteCollectionReplySchema,
  favoriteCollectionsReplySchema,
  followedArtistsReplySchema,
  followStateReplySchema,
  healthReplySchema,
  homeCollectionsOrSearchReplySchema,
  likedDesignsReplySchema,
  marketplaceSaleReplySchema,
  messageReplySchema,
  oauthErrorReplySchema,
  oauthTokenReplySchema,
  payPalWebhookReplySchema,
  pingReplySchema,
  searchSuggestionsReplySchema,
  toggleLikedVariantReplySchema,
  tokenReplySchema,
  userInfoReplySchema,
  userReplySchema,
} from "./api-replies.ts";
import {
  confirmEmailBodySchema,
  createTokenBodySchema,
  emptyQuerySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  signUpBodySchema,
} from "./api-requests.ts";
import {
  addCartLineBodySchema,
  cartLineResponseSchema,
  deleteCartLineResponseSchema,
  shoppingCartResponseSchema,
  updateCartLineBodySchema,
} from "./cart.ts";
import { addressesBodySchema, updateOrderBodySchema } from "./checkout.ts";
import {
  artistPageQuerySchema,
  artistPathSchema,
  carouselQuerySchema,
  collectionPageQuerySchema,
  collectionPathSchema,
  designGarmentImagesPathSchema,
  designPathSchema,
  searchDesignsQuerySchema,
  searchSuggestionsQuerySchema,
} from "./discovery.ts";
import { errorResponseSchema } from "./errors.ts";
import {
  collectionListQuerySchema,
  collectionPageQuerySchema as favoriteCollectionPageQuerySchema,
  favoritesPageQuerySchema,
  followArtistBodySchema,
  toggleLikedVariantBodySchema,
  wrappedCollectionInputSchema,
} from "./favorites.ts";
import {
  addSlideBodySchema,
  adminCarouselReplySchema,
  adminSaleReplySchema,
  adminSalesReplySchema,
  codePathSchema,
  codeRedemptionsReplySchema,
  collectionDesignBodySchema,
  createCollectionBodySchema,
  createPromoCodeBodySchema,
  createSaleBodySchema,
  curatedCollectionReplySchema,
  curatedCollectionsReplySchema,
  issueGiftCardBodySchema,
  merchandisingDesignsQuerySchema,
  merchandisingDesignsReplySchema,
  numericIdPathSchema,
  promoCodeReplySchema,
  promoCodesQuerySchema,
  promoCodesReplySchema,
  removeBodySchema,
  removeCollectionDesignPathSchema,
  renameCollectionBodySchema,
  reorderCollectionBodySchema,
  reorderSlidesBodySchema,
  slideTimingBodySchema,
  updateSaleBodySchema,
  updateSlideBodySchema,
} from "./merchandising.ts";
import { oauthParametersSchema } from "./oauth.ts";
import {
  auditLogQuerySchema,
  auditLogReplySchema,
  operatorSecondFactorBodySchema,
  operatorSessionReplySchema,
  operatorSetupBeginBodySchema,
  operatorSetupBeginReplySchema,
  operatorSetupCompleteBodySchema,
  operatorSetupCompleteReplySchema,
  operatorSignInBodySchema,
  operatorSignInReplySchema,
  operatorSignOutBodySchema,
} from "./operators.ts";
import {
  createPayPalOrderBodySchema,
  orderAccessQuerySchema,
  orderPaymentBodySchema,
  orderPaymentResponseSchema,
  ordersListResponseSchema,
  ordersPageQuerySchema,
  paymentSettingsResponseSchema,
  payPalFailureBodySchema,
  payPalOrderPaymentBodySchema,
  payPalOrderResponseSchema,
  placedOrderResponseSchema,
  placeOrderBodySchema,
} from "./orders.ts";
import {
  designUuidBodySchema,
  openStorefrontBodySchema,
  saveDesignDraftBodySchema,
  storefrontCollectionBodySchema,
  salesQuerySchema as studioSalesQuerySchema,
  updateSellerDesignBodySchema,
  updateStorefrontBodySchema,
  updateStorefrontCollectionBodySchema,
  uploadStatusSchema,
} from "./studio.ts";
import { designTagsQuerySchema, garmentLayersParamsSchema, garmentLayersQuerySchema } from "./studio-designer.ts";
import {
  designDraftListResponseSchema,
  designDraftResponseSchema,
  designRendersResponseSchema,
  sellerDesignResponseSchema,
} from "./studio-designs.ts";
import {
  garmentStylesResponseSchema,
  sellerProfileReadResponseSchema,
  sellerProfileResponseSchema,
} from "./studio-profile.ts";
import {
  myDesignResponseSchema,
  myDesignsQuerySchema,
  myDesignsResponseSchema,
  salesCsvQuerySchema,
  salesResponseSchema,
  salesSummaryQuerySchema,
  salesSummaryResponseSchema,
  storefrontCollectionResponseSchema,
  storefrontCollectionsResponseSchema,
} from "./studio-sales.ts";
import { textSchema } from "./text.ts";

/**
 * The API's contract, one entry per operation (issue 26, decision 062): what each route accepts (path
 * parameters, query, body: the same zod schemas the routes parse with) and what it answers, by status. The
 * server publishes it as OpenAPI 3.1 (`/api/openapi.json`, browsable at `/api/docs`); the integration tests check
 * every reply against it and fail on a route it does not list. Schemas are camelCase, like all of the contract:
 * the description converts names to the wire's snake_case, as the server's one conversion does.
 */

/** Who may call: documentation of the authorisation each route enforces (the routes decide, with `authorize`). */
export type ApiAccess =
  | "public"
  | "any_token"
  | "customer"
  | "artist"
  | "storefront_owner"
  | "oauth_client"
  | "paypal_signature"
  | "stripe_signature"
  | "printful_signature"
  | "signed_link"
  /** The operator session cookie (`tf_operator`): every route under /api/v1/admin. */
  | "operator";

/** A reply with a body of another type than JSON (`text/csv`, a binary), or a reply without a body. */
export type NonJsonReply = { contentType: string; description: string } | { empty: true; description: string };

export type ApiReply = z.ZodType | NonJsonReply;

export type ApiOperation = {
  route: ApiRoute;
  summary: string;
  tag: string;
  access: ApiAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `application/json` unless said otherwise. */
  bodyType?: "application/json" | "application/x-www-form-urlencoded" | "application/offset+octet-stream";
  /** Request headers the operation reads (besides Authorization). */
  headers?: Array<{ name: string; required: boolean; description: string }>;
  replies: Partial<Record<number, ApiReply>>;
  /** The error body of 4xx and 5xx replies: the API's one shape, or RFC 6749's on `/oauth`. */
  errorReply?: z.ZodType;
};

const idParam = (name: string) => z.strictObject({ [name]: textSchema({ maxLength: 10 }).regex(/^\d{1,10}$/) });
const uuidParam = (name: string) => z.strictObject({ [name]: textSchema({ maxLength: 64 }) });
/** A webhook's event: a JSON object, checked by its signature and then by the handler. */
const webhookEventSchema = z.record(textSchema({ maxLength: 200 }), z.unknown());
const noContent = (description: string): NonJsonReply => ({ empty: true, description });

/** A declined card: the one error shape and the payment's `data` with status 'failure' (spec section 8). */
const declinedPaymentReplySchema = orderPaymentResponseSchema.extend({ error: errorResponseSchema.shape.error });

const tusHeaders = [{ name: "Tus-Resumable", required: true, description: "The tus protocol version: 1.0.0" }];

const operations: Record<EveryApiOperationId, Omit<ApiOperation, "route">> = {
  healthz: {
    summary: "Whether this instance reaches its database (for load balancers)",
    tag: "Service",
    access: "public",
    replies: { 200: healthReplySchema, 503: healthReplySchema },
  },
  ping: { summary: "A trivial reply", tag: "Service", access: "public", replies: { 200: pingReplySchema } },
  oauthToken: {
    summary: "Issue tokens: the password grant (guest or e-mail and password) and the refresh grant (RFC 6749)",
    tag: "Auth",
    access: "oauth_client",
    body: oauthParametersSchema,
    bodyType: "application/x-www-form-urlencoded",
    replies: { 200: oauthTokenReplySchema },
    errorReply: oauthErrorReplySchema,
  },
  oauthRevoke: {
    summary: "Revoke a token (RFC 7009)",
    tag: "Auth",
    access: "oauth_client",
    body: oauthParametersSchema,
    bodyType: "application/x-www-form-urlencoded",
    replies: { 200: z.object({}) },
    errorReply: oauthErrorReplySchema,
  },
  createToken: {
    summary: "A guest token without `user`, a customer's tokens with `user: { email, password }`",
    tag: "Auth",
    access: "public",
    body: createTokenBodySchema,
    replies: { 200: tokenReplySchema },
  },
  signUp: {
    summary: "Create an account",
    tag: "Accounts",
    access: "any_token",
    body: signUpBodySchema,
    replies: { 201: userReplySchema },
  },
  confirmEmail: {
    summary: "Confirm an e-mail address with the link's token",
    tag: "Accounts",
    access: "any_token",
    body: confirmEmailBodySchema,
    replies: { 200: userReplySchema },
  },
  forgotPassword: {
    summary: "Send password reset instructions",
    tag: "Accounts",
    access: "any_token",
    body: forgotPasswordBodySchema,
    replies: { 200: messageReplySchema },
  },
  resetPassword: {
    summary: "Choose a new password with the link's token",
    tag: "Accounts",
    access: "any_token",
    body: resetPasswordBodySchema,
    replies: { 200: userReplySchema },
  },
  userInfo: {
    summary: "What the client keeps about the signed-in customer",
    tag: "Accounts",
    access: "customer",
    replies: { 200: userInfoReplySchema },
  },
  homeCollectionsOrSearch: {
    summary: "Without `query`: the home collections; with it: a page of search results",
    tag: "Discovery",
    access: "public",
    query: z.union([emptyQuerySchema, searchDesignsQuerySchema]),
    replies: { 200: homeCollectionsOrSearchReplySchema },
  },
  homeCollection: {
    summary: "A page of one home collection",
    tag: "Discovery",
    access: "public",
    params: collectionPathSchema,
    query: collectionPageQuerySchema,
    replies: { 200: collectionDesignsReplySchema },
  },
  carousel: {
    summary: "The slides of a carousel",
    tag: "Discovery",
    access: "public",
    query: carouselQuerySchema,
    replies: { 200: carouselReplySchema },
  },
  marketplaceSale: {
    summary: "The marketplace sale running now, or null",
    tag: "Discovery",
    access: "public",
    query: emptyQuerySchema,
    replies: { 200: marketplaceSaleReplySchema },
  },
  design: {
    summary: "A design page: the design, its styles, colours, the default garment's images, the artist",
    tag: "Discovery",
    access: "public",
    params: designPathSchema,
    query: emptyQuerySchema,
    replies: { 200: designReplySchema },
  },
  designGarmentImages: {
    summary: "Another garment's watermarked images of a design, by colour",
    tag: "Discovery",
    access: "public",
    params: designGarmentImagesPathSchema,
    query: emptyQuerySchema,
    replies: { 200: designGarmentImagesReplySchema },
  },
  artist: {
    summary: "An artist's storefront with a page of designs",
    tag: "Discovery",
    access: "public",
    params: artistPathSchema,
    query: artistPageQuerySchema,
    replies: { 200: artistStorefrontReplySchema },
  },
  searchSuggestions: {
    summary: "Designs, tags and artists matching what is typed so far",
    tag: "Discovery",
    access: "public",
    query: searchSuggestionsQuerySchema,
    replies: { 200: searchSuggestionsReplySchema },
  },
  designTags: {
    summary: "Tags starting with what is typed (the designer's tag field)",
    tag: "Studio",
    access: "public",
    query: designTagsQuerySchema,
    replies: { 200: designTagsReplySchema },
  },
  garmentLayers: {
    summary: "A garment's colour-free drawing layers, packed, for the studio's colour grid",
    tag: "Studio",
    access: "public",
    params: garmentLayersParamsSchema,
    query: garmentLayersQuerySchema,
    replies: {
      200: { contentType: "application/octet-stream", description: "The packed layers (immutable)" },
      304: noContent("Not modified"),
    },
  },
  createFavoriteCollection: {
    summary: "Create a favourites collection",
    tag: "Favourites",
    access: "customer",
    body: wrappedCollectionInputSchema,
    replies: { 201: favoriteCollectionReplySchema },
  },
  favoriteCollections: {
    summary: "The customer's collections (light), or a page of them with their first designs (`display=true`)",
    tag: "Favourites",
    access: "customer",
    query: collectionListQuerySchema,
    replies: { 200: favoriteCollectionsReplySchema },
  },
  favoriteCollection: {
    summary: "One collection with a page of its designs",
    tag: "Favourites",
    access: "customer",
    params: idParam("id"),
    query: favoriteCollectionPageQuerySchema,
    replies: { 200: favoriteCollectionPageReplySchema },
  },
  renameFavoriteCollection: {
    summary: "Rename a collection",
    tag: "Favourites",
    access: "customer",
    params: idParam("id"),
    body: wrappedCollectionInputSchema,
    replies: { 200: favoriteCollectionReplySchema },
  },
  deleteFavoriteCollection: {
    summary: "Delete a collection",
    tag: "Favourites",
    access: "customer",
    params: idParam("id"),
    replies: { 200: deleteFavoriteCollectionReplySchema },
  },
  toggleLikedVariant: {
    summary: "Add a design to a collection, or remove it",
    tag: "Favourites",
    access: "customer",
    body: toggleLikedVariantBodySchema,
    replies: { 200: toggleLikedVariantReplySchema },
  },
  likedVariants: {
    summary: "A page of every favourite design",
    tag: "Favourites",
    access: "customer",
    query: favoritesPageQuerySchema,
    replies: { 200: likedDesignsReplySchema },
  },
  followArtist: {
    summary: "Follow an artist (201 when this call started following)",
    tag: "Follows",
    access: "customer",
    body: followArtistBodySchema,
    replies: { 200: followStateReplySchema, 201: followStateReplySchema },
  },
  unfollowArtist: {
    summary: "Stop following an artist",
    tag: "Follows",
    access: "customer",
    params: uuidParam("sellerProfileId"),
    replies: { 200: followStateReplySchema },
  },
  followedArtists: {
    summary: "A page of the artists the customer follows",
    tag: "Follows",
    access: "customer",
    query: favoritesPageQuerySchema,
    replies: { 200: followedArtistsReplySchema },
  },
  analyticsEvents: {
    summary: "A batch of page and commerce events",
    tag: "Analytics",
    access: "any_token",
    body: analyticsBatchSchema,
    replies: { 202: analyticsAcceptedReplySchema },
  },
  shoppingCart: {
    summary: "The caller's cart with its lines",
    tag: "Cart",
    access: "any_token",
    replies: { 200: shoppingCartResponseSchema },
  },
  addCartLine: {
    summary: "Add a design in a size and colour to the cart",
    tag: "Cart",
    access: "any_token",
    body: addCartLineBodySchema,
    replies: { 201: cartLineResponseSchema },
  },
  updateCartLine: {
    summary: "Change a line's quantity, size or colour",
    tag: "Cart",
    access: "any_token",
    params: idParam("id"),
    body: updateCartLineBodySchema,
    replies: { 200: cartLineResponseSchema },
  },
  deleteCartLine: {
    summary: "Remove a line",
    tag: "Cart",
    access: "any_token",
    params: idParam("id"),
    replies: { 200: deleteCartLineResponseSchema },
  },
  createAddresses: {
    summary: "Save the checkout's shipping and billing addresses and e-mail",
    tag: "Checkout",
    access: "any_token",
    body: addressesBodySchema,
    replies: { 200: shoppingCartResponseSchema, 201: shoppingCartResponseSchema },
  },
  saveAddresses: {
    summary: "Change the checkout's addresses and e-mail",
    tag: "Checkout",
    access: "any_token",
    body: addressesBodySchema,
    replies: { 200: shoppingCartResponseSchema },
  },
  updateOrder: {
    summary: "Choose the shipping option (and the code) of the order being checked out",
    tag: "Checkout",
    access: "any_token",
    body: updateOrderBodySchema,
    replies: { 200: shoppingCartResponseSchema },
  },
  addressValidation: {
    summary: "Verify a US address and suggest corrections",
    tag: "Checkout",
    access: "any_token",
    query: addressValidationQuerySchema,
    replies: { 200: addressValidationResponseSchema },
  },
  placeOrder: {
    summary: "Place the cart: freeze its amounts into an order awaiting payment",
    tag: "Orders",
    access: "any_token",
    body: placeOrderBodySchema,
    replies: { 200: placedOrderResponseSchema, 201: placedOrderResponseSchema },
  },
  payByCard: {
    summary: "Pay the placed order by card (idempotent per `Idempotency-Key`)",
    tag: "Orders",
    access: "any_token",
    body: orderPaymentBodySchema,
    headers: [{ name: "Idempotency-Key", required: false, description: "The client's key for this attempt" }],
    replies: { 200: orderPaymentResponseSchema, 201: orderPaymentResponseSchema, 402: declinedPaymentReplySchema },
  },
  createPayPalOrder: {
    summary: "The PayPal order of the placed order, for PayPal's buttons",
    tag: "Orders",
    access: "any_token",
    body: createPayPalOrderBodySchema,
    replies: { 201: payPalOrderResponseSchema },
  },
  payByPayPal: {
    summary: "Capture the approved PayPal order",
    tag: "Orders",
    access: "any_token",
    body: payPalOrderPaymentBodySchema,
    // 202 while PayPal reviews the capture: the order waits for PayPal's verified webhook.
    replies: {
      200: orderPaymentResponseSchema,
      201: orderPaymentResponseSchema,
      202: orderPaymentResponseSchema,
      402: declinedPaymentReplySchema,
    },
  },
  payPalPaymentFailure: {
    summary: "What PayPal's buttons reported going wrong (logged for support)",
    tag: "Orders",
    access: "any_token",
    body: payPalFailureBodySchema,
    replies: { 204: noContent("Recorded") },
  },
  payPalWebhook: {
    summary: "PayPal's event notifications (signature verified with PayPal)",
    tag: "Orders",
    access: "paypal_signature",
    body: webhookEventSchema,
    replies: { 200: payPalWebhookReplySchema },
  },
  stripeWebhook: {
    summary:
      "Stripe's event notifications (signature verified with the stripe package); 404 unless Stripe is configured",
    tag: "Orders",
    access: "stripe_signature",
    body: webhookEventSchema,
    replies: { 200: z.object({ received: z.literal(true) }) },
  },
  paymentSettings: {
    summary: "Which card processor and which PayPal SDK the payment step uses",
    tag: "Orders",
    access: "public",
    replies: { 200: paymentSettingsResponseSchema },
  },
  orders: {
    summary: "A page of the customer's orders",
    tag: "Orders",
    access: "customer",
    query: ordersPageQuerySchema,
    replies: { 200: ordersListResponseSchema },
  },
  order: {
    summary: "One order: the customer's own, or a guest's through its e-mail's signed link (`token`)",
    tag: "Orders",
    access: "any_token",
    params: uuidParam("orderNumber"),
    query: orderAccessQuerySchema,
    replies: { 200: placedOrderResponseSchema },
  },
  cancelOrder: {
    summary:
      "Cancel a paid order while its cancellation window is open (refunded in full); 409 with the reason once it has gone to production",
    tag: "Orders",
    access: "any_token",
    params: uuidParam("orderNumber"),
    query: orderAccessQuerySchema,
    body: z.strictObject({}).optional(),
    replies: { 200: placedOrderResponseSchema },
  },
  printFile: {
    summary: "A print file or packing slip of an order, for the print provider (a signed link that expires)",
    tag: "Fulfilment",
    access: "signed_link",
    params: z.strictObject({ orderId: textSchema({ maxLength: 64 }), fileName: textSchema({ maxLength: 160 }) }),
    query: z.strictObject({
      expires: textSchema({ maxLength: 12 }).regex(/^\d{1,12}$/),
      signature: textSchema({ maxLength: 64 }),
    }),
    replies: {
      200: { contentType: "image/png", description: "The print file (PNG), or the packing slip (application/pdf)" },
    },
  },
  printfulWebhook: {
    summary: "Printful's event notifications (signature verified); 404 unless Printful is the print provider",
    tag: "Fulfilment",
    access: "printful_signature",
    body: webhookEventSchema,
    replies: { 200: z.object({ received: z.literal(true) }) },
  },
  sellerProfile: {
    summary: "The caller's storefront (data null when they have none)",
    tag: "Studio",
    access: "customer",
    query: emptyQuerySchema,
    replies: { 200: sellerProfileReadResponseSchema },
  },
  openStorefront: {
    summary: "Open a storefront",
    tag: "Studio",
    access: "customer",
    body: openStorefrontBodySchema,
    replies: { 201: sellerProfileResponseSchema },
  },
  updateStorefront: {
    summary: "Change the storefront",
    tag: "Studio",
    access: "storefront_owner",
    body: updateStorefrontBodySchema,
    replies: { 200: sellerProfileResponseSchema },
  },
  garmentStyles: {
    summary: "The garment styles an artist can offer",
    tag: "Studio",
    access: "storefront_owner",
    query: emptyQuerySchema,
    replies: { 200: garmentStylesResponseSchema },
  },
  designDrafts: {
    summary: "The artist's drafts",
    tag: "Studio",
    access: "storefront_owner",
    query: emptyQuerySchema,
    replies: { 200: designDraftListResponseSchema },
  },
  createDesignDraft: {
    summary: "Start a draft",
    tag: "Studio",
    access: "storefront_owner",
    body: saveDesignDraftBodySchema,
    replies: { 201: designDraftResponseSchema },
  },
  designDraft: {
    summary: "One draft",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("draftId"),
    query: emptyQuerySchema,
    replies: { 200: designDraftResponseSchema },
  },
  saveDesignDraft: {
    summary: "Save a step of a draft",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("draftId"),
    body: saveDesignDraftBodySchema,
    replies: { 200: designDraftResponseSchema },
  },
  deleteDesignDraft: {
    summary: "Delete a draft",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("draftId"),
    replies: { 204: noContent("Deleted") },
  },
  publishDesignDraft: {
    summary: "Publish a complete draft as a live design",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("draftId"),
    replies: { 201: sellerDesignResponseSchema },
  },
  sellerDesigns: {
    summary: "The artist's designs (live, deactivated, drafts)",
    tag: "Studio",
    access: "storefront_owner",
    query: myDesignsQuerySchema,
    replies: { 200: myDesignsResponseSchema },
  },
  deactivateDesign: {
    summary: "Take a design off sale",
    tag: "Studio",
    access: "storefront_owner",
    body: designUuidBodySchema,
    replies: { 200: myDesignResponseSchema },
  },
  reactivateDesign: {
    summary: "Put a deactivated design back on sale",
    tag: "Studio",
    access: "storefront_owner",
    body: designUuidBodySchema,
    replies: { 200: myDesignResponseSchema },
  },
  sellerDesign: {
    summary: "One design for the product editor",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("sellerDesignUuid"),
    query: emptyQuerySchema,
    replies: { 200: sellerDesignResponseSchema },
  },
  updateSellerDesign: {
    summary: "Change a live design",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("sellerDesignUuid"),
    body: updateSellerDesignBodySchema,
    replies: { 200: sellerDesignResponseSchema },
  },
  sellerDesignRenders: {
    summary: "How far a design's mockups have rendered",
    tag: "Studio",
    access: "storefront_owner",
    params: uuidParam("sellerDesignUuid"),
    query: emptyQuerySchema,
    replies: { 200: designRendersResponseSchema },
  },
  storefrontCollections: {
    summary: "The storefront's collections",
    tag: "Studio",
    access: "storefront_owner",
    query: emptyQuerySchema,
    replies: { 200: storefrontCollectionsResponseSchema },
  },
  createStorefrontCollection: {
    summary: "Create a storefront collection",
    tag: "Studio",
    access: "storefront_owner",
    body: storefrontCollectionBodySchema,
    replies: { 201: storefrontCollectionResponseSchema },
  },
  storefrontCollection: {
    summary: "One storefront collection",
    tag: "Studio",
    access: "storefront_owner",
    params: idParam("id"),
    query: emptyQuerySchema,
    replies: { 200: storefrontCollectionResponseSchema },
  },
  updateStorefrontCollection: {
    summary: "Rename, reorder or refill a storefront collection",
    tag: "Studio",
    access: "storefront_owner",
    params: idParam("id"),
    body: updateStorefrontCollectionBodySchema,
    replies: { 200: storefrontCollectionResponseSchema },
  },
  deleteStorefrontCollection: {
    summary: "Delete a storefront collection",
    tag: "Studio",
    access: "storefront_owner",
    params: idParam("id"),
    replies: { 204: noContent("Deleted") },
  },
  sales: {
    summary: "A page of the artist's sold lines",
    tag: "Studio",
    access: "storefront_owner",
    query: studioSalesQuerySchema,
    replies: { 200: salesResponseSchema },
  },
  salesSummary: {
    summary: "The artist's sales totals and chart series",
    tag: "Studio",
    access: "storefront_owner",
    query: salesSummaryQuerySchema,
    replies: { 200: salesSummaryResponseSchema },
  },
  salesCsv: {
    summary: "The artist's sold lines as CSV",
    tag: "Studio",
    access: "storefront_owner",
    query: salesCsvQuerySchema,
    replies: { 200: { contentType: "text/csv", description: "One row per sold line" } },
  },
  createUpload: {
    summary: "Start a resumable upload (tus 1.0.0 creation; `Upload-Length`, `Upload-Metadata`)",
    tag: "Uploads",
    access: "storefront_owner",
    headers: [
      ...tusHeaders,
      { name: "Upload-Length", required: true, description: "The file's size in bytes" },
      { name: "Upload-Metadata", required: false, description: "tus metadata: filename, filetype, purpose" },
    ],
    replies: { 201: noContent("Created: `Location` names the upload") },
  },
  appendUpload: {
    summary: "Send the next bytes of an upload (tus 1.0.0 PATCH)",
    tag: "Uploads",
    access: "storefront_owner",
    params: uuidParam("id"),
    bodyType: "application/offset+octet-stream",
    headers: [...tusHeaders, { name: "Upload-Offset", required: true, description: "Where these bytes start" }],
    replies: { 204: noContent("Stored: `Upload-Offset` is the new offset"), 200: noContent("Already received") },
  },
  cancelUpload: {
    summary: "Cancel an upload in progress",
    tag: "Uploads",
    access: "storefront_owner",
    params: uuidParam("id"),
    headers: tusHeaders,
    replies: { 204: noContent("Cancelled") },
  },
  uploadStatus: {
    summary: "An upload's status and checks",
    tag: "Uploads",
    access: "storefront_owner",
    params: uuidParam("id"),
    replies: { 200: z.object({ data: uploadStatusSchema }) },
  },
  beginOperatorSetup: {
    summary: "An operator's set-up link: the e-mail and a new TOTP secret to enrol (as a URI and a QR code)",
    tag: "Operators",
    access: "public",
    body: operatorSetupBeginBodySchema,
    replies: { 200: operatorSetupBeginReplySchema },
  },
  completeOperatorSetup: {
    summary: "Finish set-up: the password and a code from the new secret; signs in and shows the recovery codes once",
    tag: "Operators",
    access: "public",
    body: operatorSetupCompleteBodySchema,
    replies: { 200: operatorSetupCompleteReplySchema },
  },
  operatorSignIn: {
    summary: "An operator's e-mail and password: a challenge for the second factor",
    tag: "Operators",
    access: "public",
    body: operatorSignInBodySchema,
    replies: { 200: operatorSignInReplySchema },
  },
  operatorSecondFactor: {
    summary: "The second factor (a TOTP code or a recovery code): sets the operator session cookie",
    tag: "Operators",
    access: "public",
    body: operatorSecondFactorBodySchema,
    replies: { 200: operatorSessionReplySchema },
  },
  adminSession: {
    summary: "The signed-in operator",
    tag: "Admin",
    access: "operator",
    query: emptyQuerySchema,
    replies: { 200: operatorSessionReplySchema },
  },
  adminSignOut: {
    summary: "Sign the operator out (ends the session)",
    tag: "Admin",
    access: "operator",
    body: operatorSignOutBodySchema,
    replies: { 204: noContent("Signed out") },
  },
  adminAuditLog: {
    summary: "A page of the operators' audit log, newest first (filter by action or operator)",
    tag: "Admin",
    access: "operator",
    query: auditLogQuerySchema,
    replies: { 200: auditLogReplySchema },
  },
  adminMerchandisingDesigns: {
    summary: "Listed designs whose title or artist matches, for the merchandising pickers (at most 20)",
    tag: "Admin",
    access: "operator",
    query: merchandisingDesignsQuerySchema,
    replies: { 200: merchandisingDesignsReplySchema },
  },
  adminCollections: {
    summary: "The curated home collections with their designs in order",
    tag: "Admin",
    access: "operator",
    query: emptyQuerySchema,
    replies: { 200: curatedCollectionsReplySchema },
  },
  adminCreateCollection: {
    summary: "Create the curated collection of a home section that has none (collection.create)",
    tag: "Admin",
    access: "operator",
    body: createCollectionBodySchema,
    replies: { 201: curatedCollectionReplySchema },
  },
  adminRenameCollection: {
    summary: "Rename a curated collection (collection.update)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: renameCollectionBodySchema,
    replies: { 200: curatedCollectionReplySchema },
  },
  adminAddCollectionDesign: {
    summary: "Add a listed design at the end of a curated collection (collection.update)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: collectionDesignBodySchema,
    replies: { 200: curatedCollectionReplySchema },
  },
  adminReorderCollectionDesigns: {
    summary: "Put a curated collection's designs in a new order: the same designs, each once (collection.update)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: reorderCollectionBodySchema,
    replies: { 200: curatedCollectionReplySchema },
  },
  adminRemoveCollectionDesign: {
    summary: "Remove a design from a curated collection (collection.update)",
    tag: "Admin",
    access: "operator",
    params: removeCollectionDesignPathSchema,
    body: removeBodySchema,
    replies: { 200: curatedCollectionReplySchema },
  },
  adminCarousel: {
    summary: "The front-page carousel: its slides in order and how long each stays",
    tag: "Admin",
    access: "operator",
    query: emptyQuerySchema,
    replies: { 200: adminCarouselReplySchema },
  },
  adminAddCarouselSlide: {
    summary:
      "Add a slide from a picture (base64 PNG, JPEG or WebP, at least 1152x300, at most 8 MB) with alt text and a link into the site (carousel.update)",
    tag: "Admin",
    access: "operator",
    body: addSlideBodySchema,
    replies: { 201: adminCarouselReplySchema },
  },
  adminUpdateCarouselSlide: {
    summary: "Change a slide's alt text and link (carousel.update)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: updateSlideBodySchema,
    replies: { 200: adminCarouselReplySchema },
  },
  adminRemoveCarouselSlide: {
    summary: "Remove a slide (carousel.update)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: removeBodySchema,
    replies: { 200: adminCarouselReplySchema },
  },
  adminReorderCarouselSlides: {
    summary: "Put the slides in a new order: the same slides, each once (carousel.update)",
    tag: "Admin",
    access: "operator",
    body: reorderSlidesBodySchema,
    replies: { 200: adminCarouselReplySchema },
  },
  adminCarouselTiming: {
    summary: "How long each slide stays, in seconds (carousel.update)",
    tag: "Admin",
    access: "operator",
    body: slideTimingBodySchema,
    replies: { 200: adminCarouselReplySchema },
  },
  adminSales: {
    summary: "The marketplace sales, the latest first",
    tag: "Admin",
    access: "operator",
    query: emptyQuerySchema,
    replies: { 200: adminSalesReplySchema },
  },
  adminCreateSale: {
    summary: "Book a sale: a window that overlaps no other, 5 to 50 % off, every design or a list (sale.create)",
    tag: "Admin",
    access: "operator",
    body: createSaleBodySchema,
    replies: { 201: adminSaleReplySchema },
  },
  adminUpdateSale: {
    summary: "Change a sale not started; a started sale can only end sooner (sale.update)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: updateSaleBodySchema,
    replies: { 200: adminSaleReplySchema },
  },
  adminEndSale: {
    summary: "End a running sale now, or call off one not started (sale.end)",
    tag: "Admin",
    access: "operator",
    params: numericIdPathSchema,
    body: removeBodySchema,
    replies: { 200: adminSaleReplySchema },
  },
  adminPromoCodes: {
    summary: "Promo codes (kind=codes) or gift cards (kind=gift_cards), newest first, with their use",
    tag: "Admin",
    access: "operator",
    query: promoCodesQuerySchema,
    replies: { 200: promoCodesReplySchema },
  },
  adminCreatePromoCode: {
    summary: "Create a promo code: a percentage or an amount off, or free shipping (code.create)",
    tag: "Admin",
    access: "operator",
    body: createPromoCodeBodySchema,
    replies: { 201: promoCodeReplySchema },
  },
  adminIssueGiftCard: {
    summary: "Issue a gift card of an amount (gift_card.issue)",
    tag: "Admin",
    access: "operator",
    body: issueGiftCardBodySchema,
    replies: { 201: promoCodeReplySchema },
  },
  adminExpirePromoCode: {
    summary: "Expire a code or gift card now (code.expire, gift_card.expire)",
    tag: "Admin",
    access: "operator",
    params: codePathSchema,
    body: removeBodySchema,
    replies: { 200: promoCodeReplySchema },
  },
  adminPromoCodeRedemptions: {
    summary: "The orders that used a code or gift card, with the amounts it took",
    tag: "Admin",
    access: "operator",
    params: codePathSchema,
    query: emptyQuerySchema,
    replies: { 200: codeRedemptionsReplySchema },
  },
};

/** Every operation with its route, by operation id. */
export const API_OPERATIONS: Record<EveryApiOperationId, ApiOperation> = Object.fromEntries(
  Object.entries(operations).map(([id, operation]) => [
    id,
    { ...operation, route: EVERY_API[id as EveryApiOperationId] },
  ]),
) as unknown as Record<EveryApiOperationId, ApiOperation>;
