import { MESSAGES, shippingFormSchema } from "@threadfolk/contract/validation";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AddressFields, STATE_PLACEHOLDER } from "./address-fields.tsx";
import { CheckboxField } from "./checkbox-field.tsx";
import { useZodForm } from "./use-zod-form.ts";

const EMPTY_SHIPPING_FORM = {
  shippingFirstName: "",
  shippingLastName: "",
  shippingAddress1: "",
  shippingAddress2: "",
  shippingCity: "",
  shippingState: "",
  shippingZip: "",
  email: "",
  billingSameAsShipping: true,
};

/** The checkout's shipping block as the next issue will place it, its form state holding `errors`. */
function ShippingForm({ errors = {} }: { errors?: Record<string, string> }) {
  const form = useZodForm({ schema: shippingFormSchema, defaultValues: EMPTY_SHIPPING_FORM });
  // Nothing validates during a server render: the errors go straight into the state the fields read.
  const fieldErrors = Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, { type: "manual", message }]),
  );
  const shown = { ...form, formState: { ...form.formState, errors: fieldErrors } };
  return (
    <form>
      <AddressFields form={shown} prefix="shipping" legend="Shipping Information" />
      <CheckboxField form={shown} name="billingSameAsShipping" label="Use as Billing Address" />
    </form>
  );
}

const render = (errors?: Record<string, string>) => renderToStaticMarkup(<ShippingForm errors={errors} />);

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The attributes of the element with `id` (the markup is React's own, so attributes are double-quoted). */
function elementWithId(markup: string, id: string): { tag: string; attributes: Map<string, string> } {
  const match = new RegExp(`<(\\w+)([^>]*\\sid="${escapeForPattern(id)}"[^>]*)>`).exec(markup);
  if (!match) throw new Error(`no element with id ${id}`);
  const attributes = new Map(
    [...(match[2] ?? "").matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((found) => [found[1] ?? "", found[2] ?? ""]),
  );
  return { tag: match[1] ?? "", attributes };
}

/** The control a label names, as a screen reader (and Playwright's getByLabel) finds it. */
function controlLabelled(markup: string, text: string) {
  const label = new RegExp(`<label for="([^"]+)"[^>]*>${escapeForPattern(text)}</label>`).exec(markup);
  if (!label?.[1]) throw new Error(`no label ${text}`);
  return { id: label[1], ...elementWithId(markup, label[1]) };
}

/** The text of the element with `id`. */
function textOf(markup: string, id: string): string | undefined {
  return new RegExp(`id="${escapeForPattern(id)}"[^>]*>([^<]*)<`).exec(markup)?.[1];
}

describe("AddressFields", () => {
  it("has the spec's shipping fields, named by the prefix, in a fieldset named by the legend", () => {
    const markup = render();
    expect(markup).toMatch(/<fieldset[^>]*><legend[^>]*>Shipping Information<\/legend>/);
    const names = ["First Name", "Last Name", "Address1", "Address2", "City", "State", "Zip"].map((label) =>
      controlLabelled(markup, label).attributes.get("name"),
    );
    expect(names).toEqual([
      "shippingFirstName",
      "shippingLastName",
      "shippingAddress1",
      "shippingAddress2",
      "shippingCity",
      "shippingState",
      "shippingZip",
    ]);
  });

  it("offers the 52 states and the 3 Armed Forces codes under a placeholder that cannot be chosen", () => {
    const markup = render();
    const state = controlLabelled(markup, "State");
    expect(state.tag).toBe("select");
    const list = new RegExp(`id="${state.id}"[^>]*>(.*?)</select>`).exec(markup)?.[1] ?? "";
    const options = [...list.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)];
    expect(options).toHaveLength(56);
    expect(options[0]?.[2]).toBe(STATE_PLACEHOLDER);
    expect(options[0]?.[1]).toContain("disabled");
    expect(
      options.slice(1).every((option) => /value="[A-Z]{2}"/.test(option[1] ?? "") && !option[1]?.includes("disabled")),
    ).toBe(true);
  });

  it("shows each error under its field in red, as the field's description", () => {
    const markup = render({ shippingCity: MESSAGES.cityRequired, shippingState: MESSAGES.stateRequired });
    for (const [label, message] of [
      ["City", MESSAGES.cityRequired],
      ["State", MESSAGES.stateRequired],
    ] as const) {
      const control = controlLabelled(markup, label);
      expect(control.attributes.get("aria-invalid")).toBe("true");
      const descriptionId = control.attributes.get("aria-describedby") ?? "";
      expect(textOf(markup, descriptionId)).toBe(message);
      expect(elementWithId(markup, descriptionId).attributes.get("class")).toContain("text-red-600");
    }
    expect(controlLabelled(markup, "Zip").attributes.has("aria-invalid")).toBe(false);
    expect(markup.match(/text-red-600"/g)).toHaveLength(2);
  });

  it("puts the checkbox's label beside it", () => {
    const checkbox = controlLabelled(render(), "Use as Billing Address");
    expect(checkbox.attributes.get("type")).toBe("checkbox");
    expect(checkbox.attributes.get("name")).toBe("billingSameAsShipping");
  });
});
