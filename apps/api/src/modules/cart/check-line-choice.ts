import { CART_MESSAGES } from "@threadfolk/contract/cart";
import { colorDisplayName } from "@threadfolk/contract/colors";
import type { ErrorDetail } from "@threadfolk/contract/errors";
import { AppError } from "../../lib/app-error.ts";
import { nameGarmentStyle } from "./presenters.ts";
import type { CartVariant } from "./queries.ts";

/** A 422 naming the offending fields, in the shape parseInput gives schema failures. */
export function cartValidationError(details: ErrorDetail[]): AppError {
  return new AppError("validation_failed", "The request body is invalid", details);
}

/**
 * Checks what the catalogue knows and the schema cannot: the variant is of a listed design, the style is sold
 * in the size, and the design is offered in the colour on that style. `fields` names each input as the client
 * sent it (`order_line_item.size`). Throws a 422 naming every failing field; returns the variant otherwise.
 */
export function checkLineChoice(options: {
  variant: CartVariant | undefined;
  size: string;
  color: string;
  fields: { variant: string; size: string; color: string };
}): CartVariant {
  const { variant, size, color, fields } = options;
  if (!variant) throw cartValidationError([{ field: fields.variant, message: CART_MESSAGES.variantUnavailable }]);
  const { style } = variant;
  const styleName = nameGarmentStyle(style);
  const details: ErrorDetail[] = [];
  if (!style.sizes.includes(size)) {
    details.push({ field: fields.size, message: CART_MESSAGES.sizeNotSold(size, styleName) });
  }
  // The garment must come in the colour, and the artist must offer the design in it (issue 14).
  if (
    !style.colors.includes(color) ||
    (variant.design.offeredColors && !variant.design.offeredColors.includes(color))
  ) {
    details.push({ field: fields.color, message: CART_MESSAGES.colorNotOffered(colorDisplayName(color), styleName) });
  }
  if (details.length > 0) throw cartValidationError(details);
  return variant;
}
