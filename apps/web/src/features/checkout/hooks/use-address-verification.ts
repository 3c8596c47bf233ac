import { useMutation } from "@tanstack/react-query";
import { type AddressVerificationProvider, differsOnlyInCaseOrSpacing } from "@threadfolk/contract/address-validation";
import { useCallback, useRef, useState } from "react";
import { applyAddressChoice, type CheckoutAddress } from "../address-choice.ts";
import { checkoutKeys } from "../api/query-keys.ts";
import { type AddressKeyFormat, type AddressPart, validateAddress } from "../api/validate-address.ts";

/** The verification dialog's content: the address as typed, the suggestions, and who checked them. */
export type AddressVerification = {
  entered: CheckoutAddress;
  suggestions: AddressKeyFormat[];
  /** What each suggestion changes of the typed address; a changed city or state is a conflict. */
  changes: AddressPart[][];
  /** The reply's provider, or null when the check could not be made (the dialog says so). */
  provider: AddressVerificationProvider | null;
};

/**
 * Spec section 4, address flow steps 2 to 4: `verify(entered)` checks the address and opens the dialog (unless
 * the only difference is letter case or spacing: then the typed address is chosen at once, decision 059);
 * `confirm(index)` applies the choice and hands the address to `onChosen`; `edit()` (or the backdrop) closes
 * the dialog and saves nothing. A failed check still opens the dialog, with no suggestion: the checkout is
 * never blocked by the carrier.
 */
export function useAddressVerification(onChosen: (address: CheckoutAddress) => void) {
  const [verification, setVerification] = useState<AddressVerification | null>(null);
  const onChosenRef = useRef(onChosen);
  onChosenRef.current = onChosen;
  const check = useMutation({
    mutationKey: checkoutKeys.addressValidation(),
    mutationFn: (entered: CheckoutAddress) => validateAddress(entered),
    // The dialog explains a failed check itself.
    meta: { isExpectedError: () => true },
  });
  const { mutateAsync } = check;

  const verify = useCallback(
    async (entered: CheckoutAddress) => {
      try {
        const { suggestions, changes, result, provider } = await mutateAsync(entered);
        const [first] = suggestions;
        // The address agrees but for letter case or spacing: nothing to choose, saved as the shopper typed it.
        if (
          (result === "valid" || result === "street_unconfirmed") &&
          first &&
          differsOnlyInCaseOrSpacing(entered, first)
        ) {
          onChosenRef.current({ ...entered });
          return;
        }
        setVerification({ entered, suggestions, changes, provider });
      } catch {
        setVerification({ entered, suggestions: [], changes: [], provider: null });
      }
    },
    [mutateAsync],
  );

  const confirm = useCallback(
    (choice: number) => {
      if (!verification) return;
      setVerification(null);
      onChosenRef.current(applyAddressChoice(verification.entered, verification.suggestions, choice));
    },
    [verification],
  );

  const close = useCallback(() => setVerification(null), []);

  return { verification, verify, confirm, close, isChecking: check.isPending };
}
