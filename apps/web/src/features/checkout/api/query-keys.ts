/**
 * The checkout's query and mutation keys, from one factory: the pages show the full-screen spinner while any of them is
 * pending (spec section 2). The cart itself is the cart feature's query; the pages store each returned cart there.
 */
export const checkoutKeys = {
  all: ["checkout"] as const,
  addressValidation: () => [...checkoutKeys.all, "address-validation"] as const,
  saveAddresses: () => [...checkoutKeys.all, "save-addresses"] as const,
  updateOrder: () => [...checkoutKeys.all, "update-order"] as const,
  /** Place Order with a card: `POST /orders`, then `POST /order_payments`. */
  cardPayment: () => [...checkoutKeys.all, "card-payment"] as const,
  paymentSettings: () => [...checkoutKeys.all, "payment-settings"] as const,
};
