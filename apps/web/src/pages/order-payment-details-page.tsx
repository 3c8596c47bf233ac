import { defaultPaymentMethod } from "@threadfolk/contract/card-form";
import { cartAddress, cartLines, type ShoppingCartResponse } from "@threadfolk/contract/cart";
import { ORDER_MESSAGES, type PaymentMethod } from "@threadfolk/contract/orders";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import { useCallback, useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useCheckoutCart, useEmptyCartAfterPurchase, useRefreshCart, useStoreCart } from "../app/checkout-cart.ts";
import { PageSpinner } from "../components/spinner.tsx";
import { TShirtSpinner } from "../components/tshirt-spinner.tsx";
import type { CheckoutAddress } from "../features/checkout/address-choice.ts";
import { usePaymentSettings } from "../features/checkout/api/get-payment-settings.ts";
import { useSaveAddresses } from "../features/checkout/api/save-addresses.ts";
import { useUpdateOrder } from "../features/checkout/api/update-order.ts";
import { createPaymentInfoReporter, isProcessorUnavailable } from "../features/checkout/card-checkout.ts";
import { AddressDialog } from "../features/checkout/components/address-dialog.tsx";
import { AddressVerificationDialog } from "../features/checkout/components/address-verification-dialog.tsx";
import { CheckoutLayout, CheckoutLoadError } from "../features/checkout/components/checkout-layout.tsx";
import { CouponField } from "../features/checkout/components/coupon-field.tsx";
import { EmailDialog } from "../features/checkout/components/email-dialog.tsx";
import { OrderContacts } from "../features/checkout/components/order-contacts.tsx";
import { OrderPlaced } from "../features/checkout/components/order-placed.tsx";
import { OrderSummary } from "../features/checkout/components/order-summary.tsx";
import { PaymentMethodSection } from "../features/checkout/components/payment-method-section.tsx";
import type { PayPalFailure, PayPalPaid } from "../features/checkout/components/paypal-buttons-slot.tsx";
import { ShippingMethodOptions } from "../features/checkout/components/shipping-method-options.tsx";
import {
  BackToCartForUnavailableLines,
  checkoutBlockedBy,
} from "../features/checkout/components/unavailable-lines-redirect.tsx";
import { YourCart } from "../features/checkout/components/your-cart.tsx";
import { useAddressVerification } from "../features/checkout/hooks/use-address-verification.ts";
import { useCardCheckout } from "../features/checkout/hooks/use-card-checkout.ts";
import { useCheckoutRefusals } from "../features/checkout/hooks/use-checkout-refusals.ts";
import { usePromoCode } from "../features/checkout/hooks/use-promo-code.ts";
import { paymentStepStateOf } from "../features/checkout/payment-step-state.ts";
import { giftCardPaymentOf } from "../features/checkout/promo-code.ts";
import { addressesBody, addressOfRecord } from "../features/checkout/shipping-form-values.ts";
import { offeredShippingOptions, shownShippingMethod } from "../features/checkout/shipping-method.ts";
import type { CardPaymentSource } from "../features/checkout/stripe-card.ts";
import { trackEvent } from "../lib/analytics.ts";
import { appConfig } from "../lib/config.ts";
import { toast } from "../lib/toast.ts";
import { useIsDesktop } from "../lib/use-media-query.ts";

type OpenDialog = "shipping" | "billing" | "email" | null;
type FieldError = { field: string; message: string };

/** The decline toast's name: a new press of Place Order (or of PayPal's button, when it fails again) replaces it. */
const PAYMENT_FAILURE_TOAST_ID = "payment-failure";

/**
 * A paid order: card (home when the thank-you toast closes) or PayPal (home at once), spec section 4. A PayPal
 * capture held for review carries the server's words for the thank-you toast.
 */
type Purchase = { orderNumber: string; paymentMethod: PaymentMethod; pendingMessage?: string | undefined };

/** The step once the cart is known and has its addresses. */
function PaymentStep({ cart, onPurchased }: { cart: ShoppingCartResponse; onPurchased: (purchase: Purchase) => void }) {
  const storeCart = useStoreCart();
  const refreshCart = useRefreshCart();
  // Spec section 9: the card first, but PayPal on the phone layout; the shopper's choice is kept afterwards.
  const isDesktop = useIsDesktop();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(() =>
    defaultPaymentMethod(isDesktop ? "desktop" : "phone"),
  );
  const settings = usePaymentSettings();
  const cardCheckout = useCardCheckout();
  const orderNumber = cart.data.attributes.orderNumber;
  // Once per visit of the page (spec section 4): a new visit mounts a new step.
  const [reportPaymentInfo] = useState(() =>
    createPaymentInfoReporter(() =>
      trackEvent("Add Payment Info", "Checkout Flow", { orderNumber: orderNumber ?? undefined, paymentMethod: "visa" }),
    ),
  );
  const handleRefusal = useCheckoutRefusals();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [serverError, setServerError] = useState<FieldError | null>(null);
  // The method the shopper picked on this page (spec section 4's "chosen" method), shown while its change is
  // on the way; the cart's selected key decides otherwise, also after a reload.
  const [chosenMethod, setChosenMethod] = useState<string | undefined>();
  const save = useSaveAddresses({ onCartSaved: storeCart });
  const update = useUpdateOrder({ onCartSaved: storeCart });
  const promoCode = usePromoCode({ onCartSaved: storeCart, onOtherRefusal: (error) => handleRefusal(error) });
  const { attributes } = cart.data;
  const shippingAddress = cartAddress(cart, "shipping_address");
  const billingAddress = cartAddress(cart, "billing_address");

  const showDialog = (dialog: OpenDialog) => {
    setServerError(null);
    setOpenDialog(dialog);
  };

  /** `PUT /addresses` with one address changed; the other and the e-mail stay as the cart has them. */
  const saveAddresses = useCallback(
    (change: { shipping?: CheckoutAddress; billing?: CheckoutAddress }, successText: string) => {
      const isBillingChange = change.billing !== undefined;
      const billingSameAsShipping = isBillingChange ? false : attributes.billingSameAsShipping;
      const body = addressesBody({
        shipping: change.shipping ?? addressOfRecord(shippingAddress),
        billing: change.billing ?? (billingSameAsShipping ? null : addressOfRecord(billingAddress)),
        billingSameAsShipping,
        email: attributes.email ?? "",
      });
      save.mutate(
        { body, isUpdate: true },
        {
          onSuccess: () => {
            setOpenDialog(null);
            toast.success(successText);
          },
          onError: (error) =>
            handleRefusal(error, (field, message) => {
              const prefix = isBillingChange ? "billing" : "shipping";
              if (field.startsWith(prefix)) setServerError({ field, message });
            }),
        },
      );
    },
    [attributes.billingSameAsShipping, attributes.email, shippingAddress, billingAddress, save, handleRefusal],
  );

  const verification = useAddressVerification((address) =>
    saveAddresses({ shipping: address }, "Updated shipping address"),
  );

  const changeShippingMethod = (key: ShippingServiceKey) => {
    const previous = chosenMethod;
    setChosenMethod(key);
    update.mutate(
      { selectedShippingServiceKey: key },
      {
        onSuccess: () => toast.success("Updated shipping service"),
        onError: (error) => {
          setChosenMethod(previous);
          handleRefusal(error);
        },
      },
    );
  };

  const changeEmail = (email: string) => {
    update.mutate(
      { email },
      {
        onSuccess: () => {
          setOpenDialog(null);
          toast.success("Updated email address");
        },
        onError: (error) =>
          handleRefusal(error, (field, message) => field === "email" && setServerError({ field, message })),
      },
    );
  };

  /** Place Order: with the card's fields, or `null` when the gift card pays the whole order (decision 034). */
  const placeOrder = (card: CardPaymentSource | null) => {
    // A new press makes the last decline's toast out of date.
    toast.dismiss(PAYMENT_FAILURE_TOAST_ID);
    cardCheckout.mutate(card, {
      onSuccess: (outcome) => {
        if (outcome.status === "paid") {
          trackEvent("Purchase", "Checkout Flow", {
            orderNumber: outcome.payment.orderNumber,
            paymentMethod: card ? "visa" : "gift_card",
            purchaseEventId: outcome.payment.eventId,
          });
          onPurchased({ orderNumber: outcome.payment.orderNumber, paymentMethod: "visa" });
        } else if (outcome.status === "declined") {
          toast.error(ORDER_MESSAGES.paymentFailure, { description: outcome.message, id: PAYMENT_FAILURE_TOAST_ID });
        } else {
          // Spec section 8: a reply whose status is not a success says its message and where to get help.
          toast.error(`${outcome.message}, contact ${appConfig.supportEmail}`);
        }
      },
      onError: (error) => {
        // 409/422 say what stands in the way ('Add a shipping address…', a design no longer available, an
        // order that changed): the summary is read again, since the cart may be what changed.
        if (isProcessorUnavailable(error)) toast.error(error.message);
        else handleRefusal(error);
        refreshCart();
      },
    });
  };

  const paypal = {
    onApproved: (paid: PayPalPaid) => {
      toast.dismiss(PAYMENT_FAILURE_TOAST_ID);
      trackEvent("Purchase", "Checkout Flow", {
        orderNumber: paid.orderNumber,
        paymentMethod: "paypal",
        purchaseEventId: paid.eventId,
      });
      onPurchased({ orderNumber: paid.orderNumber, paymentMethod: "paypal", pendingMessage: paid.pendingMessage });
    },
    // Spec section 8, wallet error (already reported to the failures call): the toast, with PayPal's or the
    // server's reason on its second line; the cart is read again in case it is what changed.
    onError: (failure: PayPalFailure) => {
      toast.error(ORDER_MESSAGES.paypalFailure, { description: failure.message, id: PAYMENT_FAILURE_TOAST_ID });
      refreshCart();
    },
  };

  const isUpdatingOrder = update.isPending || promoCode.isPending;
  const shownMethod = shownShippingMethod(chosenMethod, attributes);
  const isSaving = save.isPending || (isUpdatingOrder && openDialog === "email");

  return (
    <>
      <CheckoutLayout
        backTo={CLIENT_ROUTES.orderShippingDetails}
        title="Payment Details"
        aside={
          <>
            <div
              aria-busy={isUpdatingOrder || undefined}
              className={isUpdatingOrder ? "opacity-60 transition-opacity" : ""}
            >
              <OrderSummary order={cart.data} />
            </div>
            <CouponField
              promoCode={attributes.promoCode}
              promoCodeError={attributes.promoCodeError}
              controls={promoCode}
              isLocked={update.isPending || save.isPending || cardCheckout.isPending}
            />
            <YourCart lines={cartLines(cart)} />
          </>
        }
        after={
          <PaymentMethodSection
            method={paymentMethod}
            onMethodChange={setPaymentMethod}
            settings={settings.data?.data.attributes}
            isPaying={cardCheckout.isPending}
            isPlaceOrderDisabled={isUpdatingOrder || save.isPending}
            onCardNumberChange={reportPaymentInfo}
            onPlaceOrder={placeOrder}
            paypal={paypal}
            giftCard={giftCardPaymentOf(attributes)}
            onPlaceOrderByGiftCard={() => placeOrder(null)}
          />
        }
      >
        <div className="space-y-6">
          <OrderContacts
            shippingAddress={shippingAddress}
            billingAddress={billingAddress}
            email={attributes.email}
            onChangeShipping={() => showDialog("shipping")}
            onChangeBilling={() => showDialog("billing")}
            onChangeEmail={() => showDialog("email")}
          />
          <ShippingMethodOptions
            options={offeredShippingOptions(attributes)}
            value={shownMethod}
            onChange={changeShippingMethod}
          />
        </div>
      </CheckoutLayout>
      <AddressDialog
        open={openDialog === "shipping"}
        onOpenChange={(open) => showDialog(open ? "shipping" : null)}
        prefix="shipping"
        address={addressOfRecord(shippingAddress)}
        onSubmitAddress={(address) => void verification.verify(address)}
        serverError={openDialog === "shipping" ? serverError : null}
        isBusy={verification.isChecking || save.isPending}
      />
      <AddressDialog
        open={openDialog === "billing"}
        onOpenChange={(open) => showDialog(open ? "billing" : null)}
        prefix="billing"
        address={addressOfRecord(billingAddress ?? shippingAddress)}
        onSubmitAddress={(address) => saveAddresses({ billing: address }, "Updated billing address")}
        serverError={openDialog === "billing" ? serverError : null}
        isBusy={save.isPending}
      />
      <EmailDialog
        open={openDialog === "email"}
        onOpenChange={(open) => showDialog(open ? "email" : null)}
        email={attributes.email ?? ""}
        onSubmitEmail={changeEmail}
        serverError={openDialog === "email" ? serverError?.message : null}
        isBusy={isUpdatingOrder}
      />
      <AddressVerificationDialog
        verification={verification.verification}
        onConfirm={verification.confirm}
        onClose={verification.close}
      />
      {verification.isChecking && <TShirtSpinner label="Checking your address" />}
      {isSaving && <TShirtSpinner label="Saving" />}
      {cardCheckout.isPending && (
        <TShirtSpinner label={cardCheckout.stage === "placing" ? "Placing your order" : "Processing your payment"} />
      )}
    </>
  );
}

/**
 * Checkout payment step (`/order-payment-details`, spec section 2): the secure header, Order Summary, the coupon
 * field, Your Cart, Deliver to / Bill to / Send to with their dialogs, the shipping method, and the payment
 * method with the card fields and Place Order, or PayPal. The cart comes from navigation state, else from the
 * server. Once paid, the badge goes to 0, 'Thank you for your order' shows, and the page goes home (spec 4).
 */
export default function OrderPaymentDetailsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [handedOver] = useState(() => paymentStepStateOf(location.state));
  const cart = useCheckoutCart(handedOver?.cart);
  const emptyCartAfterPurchase = useEmptyCartAfterPurchase();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  // The toast may close after the shopper has left by another way: then it takes nobody home.
  const isShown = useRef(true);
  useEffect(() => {
    isShown.current = true;
    return () => {
      isShown.current = false;
    };
  }, []);

  const handlePurchased = useCallback(
    (paid: Purchase) => {
      setPurchase(paid);
      emptyCartAfterPurchase();
      const goHome = () => {
        if (isShown.current) void navigate(CLIENT_ROUTES.home);
      };
      if (paid.paymentMethod === "paypal") {
        // Spec section 4 (wallet): home at once, with the thank-you toast (PayPal's review said in it).
        // A capture PayPal reviews: the server's message, which opens with the same thanks.
        toast.success(paid.pendingMessage ?? ORDER_MESSAGES.thankYou);
        goHome();
      } else {
        toast.success(ORDER_MESSAGES.thankYou, { onClose: goHome });
      }
    },
    [emptyCartAfterPurchase, navigate],
  );

  // Spec section 2: the page scrolls to top on load.
  useEffect(() => {
    // A block body: newer browsers answer scrollTo with a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, []);
  // Paid: the cart read again is the new empty one, which must not send the shopper to the cart page.
  if (purchase) {
    return (
      <CheckoutLayout backTo={CLIENT_ROUTES.home} title="Payment Details">
        <OrderPlaced orderNumber={purchase.orderNumber} />
      </CheckoutLayout>
    );
  }
  if (!cart.data) {
    return (
      <CheckoutLayout backTo={CLIENT_ROUTES.orderShippingDetails} title="Payment Details">
        {cart.isError ? <CheckoutLoadError onRetry={() => void cart.refetch()} /> : <PageSpinner />}
      </CheckoutLayout>
    );
  }
  // A design deactivated since CHECKOUT: the server would refuse to place the order; the cart page shows why.
  const blockedBy = checkoutBlockedBy(cart.data);
  if (blockedBy) return <BackToCartForUnavailableLines message={blockedBy} />;
  if (cartLines(cart.data).length === 0) return <Navigate to={CLIENT_ROUTES.shoppingCart} replace />;
  // No addresses yet (a bookmark, another tab): the shipping step asks for them first.
  if (!cartAddress(cart.data, "shipping_address")) return <Navigate to={CLIENT_ROUTES.orderShippingDetails} replace />;
  return <PaymentStep cart={cart.data} onPurchased={handlePurchased} />;
}
