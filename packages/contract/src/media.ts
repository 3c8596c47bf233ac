import { z } from "zod";
import { UUID_SOURCE } from "./ids.ts";
import { textSchema } from "./text.ts";

/** Query of `GET /media/{key}?exp=&sig=&v=`: the signed link's expiry, signature and version. */
export const mediaQuerySchema = z.strictObject({
  exp: textSchema({ maxLength: 20, label: "exp" }).optional(),
  sig: textSchema({ maxLength: 100, label: "sig" }).optional(),
  v: textSchema({ maxLength: 100, label: "v" }).optional(),
});

/** Path of `GET /media/purchases/{file}`: a bought line's uuid and `.jpg` (its permanent e-mail picture). */
export const purchasePictureParamsSchema = z.strictObject({
  file: textSchema({ maxLength: 40, label: "file" })
    .regex(new RegExp(`^${UUID_SOURCE}\\.jpg$`, "i"), "file must be an order line's uuid followed by .jpg")
    .transform((file) => file.slice(0, 36).toLowerCase()),
});
