import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.ts";
import type { UserActor } from "../../lib/authorize.ts";
import { grantUploadOwnerImage } from "../media/clean-image-grants.ts";
import { isCleanMediaKey } from "../media/media-keys.ts";
import { signCleanUploadUrl, signMediaUrl, verifyMediaSignature } from "../media/media-urls.ts";
import { uploadSourceKey } from "./process-upload.ts";

const secret = Buffer.alloc(32, 7);
const upload = { id: "0b7c1c1e-8d7e-4c53-9a61-2f0d2d3f4a5b", userId: "u-1" };
const owner: UserActor = { kind: "user", userId: "u-1", sessionId: "s" };
const someoneElse: UserActor = { kind: "user", userId: "u-2", sessionId: "s" };

function statusOf(action: () => unknown): number | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
  return undefined;
}

describe("an upload's preview", () => {
  it("is a clean media key: never signed the public way", () => {
    const key = uploadSourceKey(upload.id);
    expect(isCleanMediaKey(key)).toBe(true);
    expect(() => signMediaUrl({ key, secret })).toThrow(/clean/);
  });

  it("is granted to the upload's owner only", () => {
    expect(grantUploadOwnerImage({ actor: owner, upload })).toEqual({ uploadId: upload.id });
    expect(statusOf(() => grantUploadOwnerImage({ actor: undefined, upload }))).toBe(401);
    expect(
      statusOf(() => grantUploadOwnerImage({ actor: { kind: "guest", guestId: "g", sessionId: "s" }, upload })),
    ).toBe(401);
    expect(statusOf(() => grantUploadOwnerImage({ actor: someoneElse, upload }))).toBe(404);
    expect(statusOf(() => grantUploadOwnerImage({ actor: owner, upload: undefined }))).toBe(404);
  });

  it("signs only the granted upload's keys, with the clean images' key, for about an hour", () => {
    const grant = grantUploadOwnerImage({ actor: owner, upload });
    const key = uploadSourceKey(upload.id);
    const now = Date.UTC(2026, 0, 1);
    const url = new URL(signCleanUploadUrl({ grant, key, secret, now }), "http://x");
    const exp = url.searchParams.get("exp") ?? "";
    const sig = url.searchParams.get("sig") ?? "";
    expect(verifyMediaSignature({ key, exp, sig, secret, now })).toBe("valid");
    expect(Number(exp) * 1000 - now).toBeLessThanOrEqual(2 * 3600 * 1000);
    expect(() =>
      signCleanUploadUrl({ grant, key: uploadSourceKey("7e0d7a0e-1111-4c53-9a61-2f0d2d3f4a5b"), secret, now }),
    ).toThrow();
  });
});
