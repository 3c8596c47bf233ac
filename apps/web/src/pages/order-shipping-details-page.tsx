import type { ShoppingCartResponse } from "@threadfolk/contract/cart";
import { cartAddress, cartLines } from "@threadfolk/contract/cart";
import { CLIENT_ROUTES } from "@threadfolk/contract/routes";
import { useCallback, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { cartOfShippingStepState, useCheckoutCart, useStoreCart } from "../app/checkout-cart.ts";
import { PageSpinner } from "../components/spinner.tsx";
import { TShirtSpinner } from "../components/tshirt-spinner.tsx";
import type { CheckoutAddress } from "../features/checkout/address-choice.ts";
import { useSaveAddresses } from "../features/checkout/api/save-addresses.ts";
import { AddressVerificationDialog } from "../features/checkout/components/address-verification-dialog.tsx";
import { CheckoutLayout, CheckoutLoadError } from "../features/checkout/components/checkout-layout.tsx";
import { OrderSummary } from "../features/checkout/components/order-summary.tsx";
import {
  ShippingInformationForm,
  useShippingForm,
} from "../features/checkout/components/shipping-information-form.tsx";
import {
  BackToCartForUnavailableLines,
  checkoutBlockedBy,
} from "../features/checkout/components/unavailable-lines-redirect.tsx";
import { YourCart } from "../features/checkout/components/your-cart.tsx";
import { useAddressVerification } from "../features/checkout/hooks/use-address-verification.ts";
import { useCheckoutRefusals } from "../features/checkout/hooks/use-checkout-refusals.ts";
import type { PaymentStepState } from "../features/checkout/payment-step-state.ts";
import { addressesBody, addressOfForm, initialShippingFormValues } from "../features/checkout/shipping-form-values.ts";

/** The step once the cart is known: the form starts from its addresses and e-mail. */
function ShippingStep({ cart }: { cart: ShoppingCartResponse }) {
  const navigate = useNavigate();
  const storeCart = useStoreCart();
  const handleRefusal = useCheckoutRefusals();
  const [defaultValues] = useState(() =>
    initialShippingFormValues({
      shippingAddress: cartAddress(cart, "shipping_address"),
      billingAddress: cartAddress(cart, "billing_address"),
      email: cart.data.attributes.email,
      billingSameAsShipping: cart.data.attributes.billingSameAsShipping,
    }),
  );
  const form = useShippingForm(defaultValues);
  const save = useSaveAddresses({ onCartSaved: storeCart });
  const hasAddresses = cartAddress(cart, "shipping_address") !== null;

  const saveChosenAddress = useCallback(
    (shipping: CheckoutAddress) => {
      const values = form.getValues();
      const body = addressesBody({
        shipping,
        billing: values.billingSameAsShipping ? null : addressOfForm(values, "billing"),
        billingSameAsShipping: values.billingSameAsShipping,
        email: values.email,
      });
      save.mutate(
        { body, isUpdate: hasAddresses },
        {
          onSuccess: (saved) => {
            const state: PaymentStepState = { cart: saved };
            void navigate(CLIENT_ROUTES.orderPaymentDetails, { state });
          },
          onError: (error) =>
            handleRefusal(error, (field, message) => form.setError(field, { type: "server", message })),
        },
      );
    },
    [form, save, hasAddresses, navigate, handleRefusal],
  );
  const verification = useAddressVerification(saveChosenAddress);

  return (
    <>
      <CheckoutLayout
        backTo={CLIENT_ROUTES.shoppingCart}
        title="Shipping Information"
        aside={
          <>
            <OrderSummary order={cart.data} showEmail />
            <YourCart lines={cartLines(cart)} />
          </>
        }
      >
        <ShippingInformationForm
          form={form}
          isBusy={verification.isChecking || save.isPending}
          onSubmit={(values) => void verification.verify(addressOfForm(values, "shipping"))}
        />
      </CheckoutLayout>
      <AddressVerificationDialog
        verification={verification.verification}
        onConfirm={verification.confirm}
        onClose={verification.close}
      />
      {verification.isChecking && <TShirtSpinner label="Checking your address" />}
      {save.isPending && <TShirtSpinner label="Saving your addresses" />}
    </>
  );
}

/**
 * Checkout shipping step (`/order-shipping-details`, spec section 2): the secure header, Order Summary and Your
 * Cart from navigation state or the server, and the Shipping Information form; submitting verifies the
 * address, saves both addresses and goes on to the payment step. An empty cart goes back to the cart page, and
 * so does a cart holding a design that is no longer available (with a toast that says why).
 */
export default function OrderShippingDetailsPage() {
  const location = useLocation();
  const [handedOver] = useState(() => cartOfShippingStepState(location.state));
  const cart = useCheckoutCart(handedOver);
  if (!cart.data) {
    return (
      <CheckoutLayout backTo={CLIENT_ROUTES.shoppingCart} title="Shipping Information">
        {cart.isError ? <CheckoutLoadError onRetry={() => void cart.refetch()} /> : <PageSpinner />}
      </CheckoutLayout>
    );
  }
  // Handed-over state outlives a reload: the summary shows it at once, but the form, which starts from the
  // cart's addresses once, waits for the server's read (one request; a failed read falls back to the state).
  if (cart.dataUpdatedAt === 0 && !cart.isError) {
    return (
      <CheckoutLayout
        backTo={CLIENT_ROUTES.shoppingCart}
        title="Shipping Information"
        aside={<OrderSummary order={cart.data.data} showEmail />}
      >
        <PageSpinner />
      </CheckoutLayout>
    );
  }
  const blockedBy = checkoutBlockedBy(cart.data);
  if (blockedBy) return <BackToCartForUnavailableLines message={blockedBy} />;
  if (cartLines(cart.data).length === 0) return <Navigate to={CLIENT_ROUTES.shoppingCart} replace />;
  return <ShippingStep cart={cart.data} />;
}
