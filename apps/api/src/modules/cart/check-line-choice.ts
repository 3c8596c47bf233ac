import { CART_MESSAGES } from "@threadfolk/contract/cart";
import { colorDisplayName } from "@threadfolk/contract/colors";
import type { ErrorDetail } from "@threadfolk/contract/errors";
import { AppError } from "../../lib/app-error.ts";
import { nameGarmentStyle } from "./presenters.ts";
import type { CartVariant, VariantChoice } from "./queries.ts";

/** A 422 naming the offending fields, in the shape parseInput gives schema failures. */
export function cartValidationError(details: ErrorDetail[]): AppError {
  return new AppError("validation_failed", "The request body is invalid", details);
}

/**
 * Turns what the catalogue answered of a choice into the reply: the variant is of a listed design, the style is
 * sold in the size, and the design is offered in the colour on that style (the checks are the database's, computed
 * with the variant: lineChoiceColumns). `fields` names each input as the client sent it (`order_line_item.size`).
 * Throws a 422 naming every failing field; returns the variant otherwise.
 */
export function checkLineChoice(options: {
  choice: VariantChoice | undefined;
  size: string;
  color: string;
  fields: { variant: string; size: string; color: string };
}): CartVariant {
  const { choice, size, color, fields } = options;
  if (!choice) throw cartValidationError([{ field: fields.variant, message: CART_MESSAGES.variantUnavailable }]);
  const styleName = nameGarmentStyle(choice.variant.style);
  const details: ErrorDetail[] = [];
  if (!choice.sizeSold) {
    details.push({ field: fields.size, message: CART_MESSAGES.sizeNotSold(size, styleName) });
  }
  if (!choice.colorOffered) {
    details.push({ field: fields.color, message: CART_MESSAGES.colorNotOffered(colorDisplayName(color), styleName) });
  }
  if (details.length > 0) throw cartValidationError(details);
  return choice.variant;
}
