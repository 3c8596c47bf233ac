import * as Dialog from "@radix-ui/react-dialog";
import { isConflictingSuggestion } from "@threadfolk/contract/address-validation";
import { useEffect, useId, useState } from "react";
import { Button, LinkButton } from "../../../components/button.tsx";
import {
  CHECKOUT_COUNTRY,
  type CheckoutAddress,
  DEFAULT_ADDRESS_CHOICE,
  suggestionRegion,
  suggestionStreet,
} from "../address-choice.ts";
import { type AddressPart, addressVerificationNotice } from "../api/validate-address.ts";
import type { AddressVerification } from "../hooks/use-address-verification.ts";

/** Spec section 8: what the dialog says when there is no suggestion (typo corrected). */
export const NO_SUGGESTIONS_TEXT = "Couldn't verify that address, check that you entered it correctly";

/** The heading over suggestions a carrier verified (spec section 2, typo corrected). */
export const VERIFIED_HEADING = "Verified Addresses:";
/** The heading over suggestions from the ZIP data, which cannot verify a street (decision 059). */
export const SUGGESTED_HEADING = "Suggested Addresses:";
/** Said above the choices when a suggestion moves the address to another city or state (decision 059). */
export const CONFLICT_TEXT =
  "The ZIP code you entered belongs to another city or state than the one you typed. Check the suggestion before you choose it.";

/** The conflict of one suggestion in words: "Another city and state than you entered". */
function conflictLabel(changes: readonly AddressPart[]): string | null {
  const city = changes.includes("city");
  const state = changes.includes("state");
  if (city && state) return "Another city and state than you entered";
  if (state) return "Another state than you entered";
  if (city) return "Another city than you entered";
  return null;
}

/**
 * The choice the dialog starts on (spec section 4: index 0), unless the first suggestion is in another city
 * or state: then the entered address, so that one hurried click never ships elsewhere (decision 059).
 */
export function defaultAddressChoice(changes: readonly (readonly AddressPart[])[], suggestionCount: number): number {
  const first = changes[0];
  return suggestionCount > 0 && first && !isConflictingSuggestion(first) ? DEFAULT_ADDRESS_CHOICE : suggestionCount;
}

type AddressLines = { name: string; street: string; secondLine: string; region: string };

function AddressOption({
  name,
  value,
  checked,
  onSelect,
  lines,
  conflict,
}: {
  name: string;
  value: number;
  checked: boolean;
  onSelect: (value: number) => void;
  lines: AddressLines;
  /** A warning under the address: it is in another city or state than the one typed. */
  conflict?: string | null;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 ring-1 transition-colors ${checked ? "bg-brand/5 ring-brand" : "ring-neutral-200 hover:bg-neutral-50"}`}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="mt-1 size-4 shrink-0 accent-brand"
      />
      <span className="text-sm leading-relaxed text-neutral-800">
        <span className="block font-semibold text-neutral-950">{lines.name}</span>
        <span className="block">
          {lines.street}
          {lines.secondLine && <>, {lines.secondLine}</>}
        </span>
        <span className="block">
          {lines.region}, {CHECKOUT_COUNTRY}
        </span>
        {conflict && <span className="mt-1 block font-semibold text-amber-800">{conflict}</span>}
      </span>
    </label>
  );
}

function enteredLines(entered: CheckoutAddress): AddressLines {
  return {
    name: `${entered.firstName} ${entered.lastName}`.trim(),
    street: entered.address1,
    secondLine: entered.address2,
    region: `${entered.city}, ${entered.state} ${entered.zip}`,
  };
}

type AddressVerificationDialogProps = {
  verification: AddressVerification | null;
  /** 'Confirm Address' with the chosen index (the entered address is the last). */
  onConfirm: (choice: number) => void;
  /** 'Edit Shipping address', Escape or the backdrop: closes, saves nothing. */
  onClose: () => void;
  /** Shows the 'Edit Shipping address' link (spec section 2: only where editing is allowed). */
  canEdit?: boolean;
};

/**
 * The address verification dialog (spec section 2): 'Verified Addresses:' with the suggestions (name, street,
 * the second line as typed, region, UNITED STATES; 'Suggested Addresses:' when the ZIP data answered, which
 * verifies no street), 'Entered Address:' last, a radio choice defaulting to index 0 (the entered address when
 * the first suggestion is in another city or state, which is marked), 'Confirm Address', 'Edit Shipping
 * address' and the verifier's notice. The backdrop only closes it.
 */
export function AddressVerificationDialog({
  verification,
  onConfirm,
  onClose,
  canEdit = true,
}: AddressVerificationDialogProps) {
  const entered = verification?.entered;
  const suggestions = verification?.suggestions ?? [];
  const changes = verification?.changes ?? [];
  const startChoice = defaultAddressChoice(changes, suggestions.length);
  const [choice, setChoice] = useState(startChoice);
  const groupName = useId();
  const open = verification !== null;
  useEffect(() => {
    if (open) setChoice(startChoice);
  }, [open, startChoice]);
  const hasConflict = changes.some((change) => isConflictingSuggestion(change));
  const name = entered ? `${entered.firstName} ${entered.lastName}`.trim() : "";

  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-3xl bg-white shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="px-6 pt-6 font-display text-xl font-extrabold tracking-tight text-neutral-950 md:px-8 md:pt-8 md:text-2xl">
            Confirm your shipping address
          </Dialog.Title>
          {entered && (
            <form
              className="flex min-h-0 flex-1 flex-col"
              onSubmit={(event) => {
                event.preventDefault();
                onConfirm(choice);
              }}
            >
              <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4 md:px-8">
                <fieldset>
                  <legend className="sr-only">Choose the address to ship to</legend>
                  {suggestions.length > 0 ? (
                    <>
                      {hasConflict && (
                        <p
                          role="alert"
                          className="mb-3 rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900"
                        >
                          {CONFLICT_TEXT}
                        </p>
                      )}
                      <p className="mb-2 text-sm font-bold text-neutral-950">
                        {verification.provider === "ups" ? VERIFIED_HEADING : SUGGESTED_HEADING}
                      </p>
                      <div className="space-y-2">
                        {suggestions.map((suggestion, index) => (
                          <AddressOption
                            // The suggestions never change while the dialog is open.
                            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the choice itself.
                            key={index}
                            name={groupName}
                            value={index}
                            checked={choice === index}
                            onSelect={setChoice}
                            lines={{
                              name,
                              street: suggestionStreet(suggestion),
                              secondLine: entered.address2,
                              region: suggestionRegion(suggestion),
                            }}
                            conflict={conflictLabel(changes[index] ?? [])}
                          />
                        ))}
                      </div>
                    </>
                  ) : (
                    <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900">
                      {NO_SUGGESTIONS_TEXT}
                    </p>
                  )}
                  <p className="mt-4 mb-2 text-sm font-bold text-neutral-950">Entered Address:</p>
                  <AddressOption
                    name={groupName}
                    value={suggestions.length}
                    checked={choice === suggestions.length}
                    onSelect={setChoice}
                    lines={enteredLines(entered)}
                  />
                </fieldset>
                <p className="mt-4 text-xs leading-relaxed text-neutral-500">
                  {addressVerificationNotice(verification.provider)}
                </p>
              </div>
              <div className="flex flex-col items-center gap-3 px-6 pt-4 pb-6 md:px-8 md:pb-8">
                <Button type="submit" className="w-full">
                  Confirm Address
                </Button>
                {canEdit && <LinkButton onClick={onClose}>Edit Shipping address</LinkButton>}
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
