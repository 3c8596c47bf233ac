import {
  CARD_NUMBER_LENGTH,
  type CardFormValues,
  CVC_MAX_LENGTH,
  cardFormSchema,
  EXPIRATION_DATE_EXAMPLE,
  EXPIRATION_DATE_LENGTH,
} from "@threadfolk/contract/card-form";
import { CARD_DECLINE_MESSAGES, LOCAL_TEST_CARDS } from "@threadfolk/contract/card-rules";
import { useEffect, useRef } from "react";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { LockIcon } from "../../../components/icons/icons.tsx";
import { keepDigits } from "../card-checkout.ts";

const EMPTY_CARD: CardFormValues = { creditCardNumber: "", expirationDate: "", cvc: "" };

/** '4242424242424242' as it is printed on a card. */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

type CardPaymentFormProps = {
  /** The card processor's notice (the local test processor's); null for a real processor, undefined while unknown. */
  cardNotice: string | null | undefined;
  /** True when the local test processor takes the card: its test numbers are listed. */
  isTestProcessor: boolean;
  /** A press of Place Order is under way: the button is disabled and spins. */
  isPaying: boolean;
  /** Place Order cannot be pressed now (the order is being changed). */
  isDisabled: boolean;
  onCardNumberChange: (cardNumber: string) => void;
  onPlaceOrder: (card: CardFormValues) => void;
};

/**
 * The card fields and Place Order (spec sections 2 and 5): card number, expiration (MMYY, example 0728) and CVV,
 * validated on change with their messages under them in red. The fields keep what was typed after a decline.
 */
export function CardPaymentForm({
  cardNotice,
  isTestProcessor,
  isPaying,
  isDisabled,
  onCardNumberChange,
  onPlaceOrder,
}: CardPaymentFormProps) {
  const form = useZodForm({ schema: cardFormSchema, defaultValues: EMPTY_CARD });
  const onCardNumberChangeRef = useRef(onCardNumberChange);
  onCardNumberChangeRef.current = onCardNumberChange;
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name === "creditCardNumber") onCardNumberChangeRef.current(values.creditCardNumber ?? "");
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return (
    <form noValidate onSubmit={form.handleSubmit(onPlaceOrder)} aria-label="Card details" className="space-y-4">
      {cardNotice && (
        <div role="note" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-bold">{cardNotice}</p>
          {isTestProcessor && (
            <details className="mt-1.5">
              <summary className="cursor-pointer font-semibold underline underline-offset-4">Test card numbers</summary>
              <ul className="mt-2 space-y-1">
                {LOCAL_TEST_CARDS.map((card) => (
                  <li key={card.number} className="flex flex-wrap gap-x-2">
                    <span className="font-mono tabular-nums">{grouped(card.number)}</span>
                    <span className="text-amber-900">
                      {card.outcome === "succeeded" ? "Pays" : CARD_DECLINE_MESSAGES[card.outcome]}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-amber-900">Any expiry in the future and any 3-digit CVV.</p>
            </details>
          )}
        </div>
      )}
      <TextField
        form={form}
        name="creditCardNumber"
        label="Credit Card Number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        normalize={(value) => keepDigits(value, CARD_NUMBER_LENGTH)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          form={form}
          name="expirationDate"
          label="Expiration (MMYY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={EXPIRATION_DATE_EXAMPLE}
          normalize={(value) => keepDigits(value, EXPIRATION_DATE_LENGTH)}
        />
        <TextField
          form={form}
          name="cvc"
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          normalize={(value) => keepDigits(value, CVC_MAX_LENGTH)}
        />
      </div>
      <Button type="submit" busy={isPaying} disabled={isDisabled} className="w-full">
        {!isPaying && <LockIcon className="size-4" />}
        Place Order
      </Button>
    </form>
  );
}
