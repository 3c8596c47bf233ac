import { cartAddress, cartLines, type ShoppingCartResponse } from "@threadfolk/contract/cart";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import type { ShippingServiceKey } from "@threadfolk/contract/shipping";
import { useCallback, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { useCheckoutCart, useStoreCart } from "../app/checkout-cart.ts";
import { PageSpinner } from "../components/spinner.tsx";
import { TShirtSpinner } from "../components/tshirt-spinner.tsx";
import type { CheckoutAddress } from "../features/checkout/address-choice.ts";
import { useSaveAddresses } from "../features/checkout/api/save-addresses.ts";
import { useUpdateOrder } from "../features/checkout/api/update-order.ts";
import { AddressDialog } from "../features/checkout/components/address-dialog.tsx";
import { AddressVerificationDialog } from "../features/checkout/components/address-verification-dialog.tsx";
import { CheckoutLayout, CheckoutLoadError } from "../features/checkout/components/checkout-layout.tsx";
import { CouponField } from "../features/checkout/components/coupon-field.tsx";
import { EmailDialog } from "../features/checkout/components/email-dialog.tsx";
import { OrderContacts } from "../features/checkout/components/order-contacts.tsx";
import { OrderSummary } from "../features/checkout/components/order-summary.tsx";
import { ShippingMethodOptions } from "../features/checkout/components/shipping-method-options.tsx";
import { YourCart } from "../features/checkout/components/your-cart.tsx";
import { useAddressVerification } from "../features/checkout/hooks/use-address-verification.ts";
import { useCheckoutRefusals } from "../features/checkout/hooks/use-checkout-refusals.ts";
import { paymentStepStateOf } from "../features/checkout/payment-step-state.ts";
import { addressesBody, addressOfRecord } from "../features/checkout/shipping-form-values.ts";
import { offeredShippingOptions, shownShippingMethod } from "../features/checkout/shipping-method.ts";
import { toast } from "../lib/toast.ts";

type OpenDialog = "shipping" | "billing" | "email" | null;
type FieldError = { field: string; message: string };

/** The step once the cart is known and has its addresses. */
function PaymentStep({ cart }: { cart: ShoppingCartResponse }) {
  const storeCart = useStoreCart();
  const handleRefusal = useCheckoutRefusals();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [serverError, setServerError] = useState<FieldError | null>(null);
  // The method the shopper picked on this page (spec section 4's "chosen" method), shown while its change is
  // on the way; the cart's selected key decides otherwise, also after a reload.
  const [chosenMethod, setChosenMethod] = useState<string | undefined>();
  const save = useSaveAddresses({ onCartSaved: storeCart });
  const update = useUpdateOrder({ onCartSaved: storeCart });
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

  const isUpdatingOrder = update.isPending;
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
            <CouponField />
            <YourCart lines={cartLines(cart)} />
          </>
        }
        after={
          <section
            aria-labelledby="payment-method-heading"
            className="rounded-2xl border border-dashed border-neutral-300 bg-white p-5 md:p-6"
          >
            <h2
              id="payment-method-heading"
              className="font-display text-xl font-extrabold tracking-tight text-neutral-950"
            >
              Payment Method
            </h2>
            {/* The payment issue puts the payment-method choice, the card fields and the wallet here. */}
            <p className="mt-2 text-sm text-neutral-600">
              Card and PayPal payment open soon. Your addresses, shipping method and totals are saved with your cart.
            </p>
          </section>
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
    </>
  );
}

/**
 * Checkout payment step (`/order-payment-details`, spec section 2), its order part: the secure header, Order
 * Summary, the coupon field, Your Cart, Deliver to / Bill to / Send to with their dialogs, and the shipping
 * method. The cart comes from navigation state, else from the server. The payment itself is the next issue's.
 */
export default function OrderPaymentDetailsPage() {
  const location = useLocation();
  const [handedOver] = useState(() => paymentStepStateOf(location.state));
  const cart = useCheckoutCart(handedOver?.cart);
  // Spec section 2: the page scrolls to top on load.
  useEffect(() => {
    // A block body: newer browsers answer scrollTo with a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, []);
  if (!cart.data) {
    return (
      <CheckoutLayout backTo={CLIENT_ROUTES.orderShippingDetails} title="Payment Details">
        {cart.isError ? <CheckoutLoadError onRetry={() => void cart.refetch()} /> : <PageSpinner />}
      </CheckoutLayout>
    );
  }
  if (cartLines(cart.data).length === 0) return <Navigate to={CLIENT_ROUTES.shoppingCart} replace />;
  // No addresses yet (a bookmark, another tab): the shipping step asks for them first.
  if (!cartAddress(cart.data, "shipping_address")) return <Navigate to={CLIENT_ROUTES.orderShippingDetails} replace />;
  return <PaymentStep cart={cart.data} />;
}
