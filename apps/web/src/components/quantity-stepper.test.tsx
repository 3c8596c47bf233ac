import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { clampQuantity, QuantityStepper } from "./quantity-stepper.tsx";

describe("clampQuantity", () => {
  it("keeps a quantity inside the bounds and whole", () => {
    expect(clampQuantity(0, 1, 10)).toBe(1);
    expect(clampQuantity(11, 1, 10)).toBe(10);
    expect(clampQuantity(4.7, 1, 10)).toBe(4);
    expect(clampQuantity(Number.NaN, 1, 10)).toBe(1);
  });
});

describe("QuantityStepper", () => {
  const render = (value: number) =>
    renderToStaticMarkup(<QuantityStepper id="qty" value={value} min={1} max={10} onChange={() => {}} />);

  it("is a number field with its bounds between labelled minus and plus buttons", () => {
    const html = render(3);
    expect(html).toContain('id="qty"');
    expect(html).toContain('type="number"');
    expect(html).toMatch(/min="1"[^>]*max="10"/);
    expect(html).toContain('value="3"');
    expect(html).toContain('aria-label="Decrease quantity"');
    expect(html).toContain('aria-label="Increase quantity"');
  });

  it("disables the button that would leave the bounds", () => {
    expect(render(1)).toMatch(/aria-label="Decrease quantity"[^>]*disabled=""/);
    expect(render(10)).toMatch(/aria-label="Increase quantity"[^>]*disabled=""/);
    expect(render(5)).not.toContain('disabled=""');
  });
});
