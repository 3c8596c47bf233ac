import { API, type ApiRoute, route } from "./api-paths.ts";

/**
 * The operations of the operators' console (issue 28, decision 071): their sign-in and set-up, and everything under
 * /api/v1/admin. Apart from `API` (api-paths.ts) because the shop's first load imports that file and none of these:
 * the admin area, loaded only on /admin pages, imports this one. Add admin operations here.
 */
export const ADMIN_API = {
  // Set-up and sign-in: outside /admin, as nobody is signed in yet
  beginOperatorSetup: route("POST", "/api/v1/operator_setup"),
  completeOperatorSetup: route("POST", "/api/v1/operator_setup/completion"),
  operatorSignIn: route("POST", "/api/v1/operator_sign_in"),
  operatorSecondFactor: route("POST", "/api/v1/operator_sign_in/second_factor"),
  // Everything under /api/v1/admin needs the operator session cookie
  adminSession: route("GET", "/api/v1/admin/session"),
  adminSignOut: route("POST", "/api/v1/admin/session/sign_out"),
  adminAuditLog: route("GET", "/api/v1/admin/audit_log"),
  // Moderation and people (modules/moderation, decision 072)
  adminReportQueue: route("GET", "/api/v1/admin/moderation/reports"),
  adminTakeDownDesign: route("POST", "/api/v1/admin/moderation/designs/{id}/takedown"),
  adminRestoreDesign: route("POST", "/api/v1/admin/moderation/designs/{id}/restoration"),
  adminDismissReports: route("POST", "/api/v1/admin/moderation/designs/{id}/dismissal"),
  adminPeople: route("GET", "/api/v1/admin/people"),
  adminPerson: route("GET", "/api/v1/admin/people/{id}"),
  adminSuspendAccount: route("POST", "/api/v1/admin/people/{id}/account_suspension"),
  adminRestoreAccount: route("POST", "/api/v1/admin/people/{id}/account_restoration"),
  adminSuspendStorefront: route("POST", "/api/v1/admin/people/{id}/storefront_suspension"),
  adminRestoreStorefront: route("POST", "/api/v1/admin/people/{id}/storefront_restoration"),
  // Orders and the dashboard (issue 28, decision 074)
  adminDashboard: route("GET", "/api/v1/admin/dashboard"),
  adminOrders: route("GET", "/api/v1/admin/orders"),
  adminOrder: route("GET", "/api/v1/admin/orders/{order_number}"),
  adminRefundOrder: route("POST", "/api/v1/admin/orders/{order_number}/refunds"),
  adminCancelOrder: route("POST", "/api/v1/admin/orders/{order_number}/cancellation"),
  adminResubmitOrder: route("POST", "/api/v1/admin/orders/{order_number}/resubmission"),
  adminResendOrderEmail: route("POST", "/api/v1/admin/orders/{order_number}/email_resends"),
  adminAddOrderNote: route("POST", "/api/v1/admin/orders/{order_number}/notes"),
  // Admin: merchandising (issue 28, decision 076)
  adminMerchandisingDesigns: route("GET", "/api/v1/admin/merchandising/designs"),
  adminCollections: route("GET", "/api/v1/admin/merchandising/collections"),
  adminCreateCollection: route("POST", "/api/v1/admin/merchandising/collections"),
  adminRenameCollection: route("PATCH", "/api/v1/admin/merchandising/collections/{id}"),
  adminAddCollectionDesign: route("POST", "/api/v1/admin/merchandising/collections/{id}/designs"),
  adminReorderCollectionDesigns: route("PUT", "/api/v1/admin/merchandising/collections/{id}/designs"),
  adminRemoveCollectionDesign: route("DELETE", "/api/v1/admin/merchandising/collections/{id}/designs/{design_id}"),
  adminCarousel: route("GET", "/api/v1/admin/merchandising/carousel"),
  adminAddCarouselSlide: route("POST", "/api/v1/admin/merchandising/carousel/slides"),
  adminUpdateCarouselSlide: route("PATCH", "/api/v1/admin/merchandising/carousel/slides/{id}"),
  adminRemoveCarouselSlide: route("DELETE", "/api/v1/admin/merchandising/carousel/slides/{id}"),
  adminReorderCarouselSlides: route("PUT", "/api/v1/admin/merchandising/carousel/slide_order"),
  adminCarouselTiming: route("PUT", "/api/v1/admin/merchandising/carousel/timing"),
  adminSales: route("GET", "/api/v1/admin/merchandising/sales"),
  adminCreateSale: route("POST", "/api/v1/admin/merchandising/sales"),
  adminUpdateSale: route("PATCH", "/api/v1/admin/merchandising/sales/{id}"),
  adminEndSale: route("POST", "/api/v1/admin/merchandising/sales/{id}/end"),
  adminPromoCodes: route("GET", "/api/v1/admin/merchandising/promo_codes"),
  adminCreatePromoCode: route("POST", "/api/v1/admin/merchandising/promo_codes"),
  adminIssueGiftCard: route("POST", "/api/v1/admin/merchandising/gift_cards"),
  adminExpirePromoCode: route("POST", "/api/v1/admin/merchandising/promo_codes/{code}/expire"),
  adminPromoCodeRedemptions: route("GET", "/api/v1/admin/merchandising/promo_codes/{code}/redemptions"),
} as const satisfies Record<string, ApiRoute>;

export type AdminApiOperationId = keyof typeof ADMIN_API;

/** Every operation of the API, the shop's and the console's: what the description lists. */
export const EVERY_API = { ...API, ...ADMIN_API } as const;
export type EveryApiOperationId = keyof typeof EVERY_API;
