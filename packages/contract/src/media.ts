import { z } from "zod";
import { textSchema } from "./text.ts";

/** Query of `GET /media/{key}?exp=&sig=&v=`: the signed link's expiry, signature and version. */
export const mediaQuerySchema = z.strictObject({
  exp: textSchema({ maxLength: 20, label: "exp" }).optional(),
  sig: textSchema({ maxLength: 100, label: "sig" }).optional(),
  v: textSchema({ maxLength: 100, label: "v" }).optional(),
});
