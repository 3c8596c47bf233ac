import type { CartAddressRecord } from "@threadfolk/contract/cart";
import type { ReactNode } from "react";
import { LinkButton } from "../../../components/button.tsx";

function ContactRow({
  label,
  action,
  onAction,
  children,
}: {
  label: string;
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="flex items-start justify-between gap-4 py-3.5">
      <div className="min-w-0 text-sm">
        <h3 className="font-bold text-neutral-950">{label}</h3>
        <div className="mt-0.5 text-neutral-700 [overflow-wrap:anywhere]">{children}</div>
      </div>
      <LinkButton onClick={onAction} className="shrink-0 text-sm">
        {action}
      </LinkButton>
    </section>
  );
}

function AddressText({ record }: { record: CartAddressRecord | null }) {
  if (!record) return <p>Not given yet</p>;
  return (
    <>
      <p className="font-semibold text-neutral-900">{record.attributes.fullName}</p>
      <p>{record.attributes.longFormAddress}</p>
    </>
  );
}

/**
 * 'Deliver to' (name and long-form address) and 'Bill to', each with Change Address, and 'Send to' (the
 * e-mail) with Change Email (spec section 2).
 */
export function OrderContacts({
  shippingAddress,
  billingAddress,
  email,
  onChangeShipping,
  onChangeBilling,
  onChangeEmail,
}: {
  shippingAddress: CartAddressRecord | null;
  billingAddress: CartAddressRecord | null;
  email: string | null;
  onChangeShipping: () => void;
  onChangeBilling: () => void;
  onChangeEmail: () => void;
}) {
  return (
    <div className="divide-y divide-neutral-100 rounded-2xl bg-white px-5 py-1.5 ring-1 ring-neutral-900/10 md:px-6">
      <ContactRow label="Deliver to" action="Change Address" onAction={onChangeShipping}>
        <AddressText record={shippingAddress} />
      </ContactRow>
      <ContactRow label="Bill to" action="Change Address" onAction={onChangeBilling}>
        <AddressText record={billingAddress} />
      </ContactRow>
      <ContactRow label="Send to" action="Change Email" onAction={onChangeEmail}>
        <p>{email ?? "Not given yet"}</p>
      </ContactRow>
    </div>
  );
}
