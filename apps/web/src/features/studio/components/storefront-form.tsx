import type { STATIC_PAGES } from "@threadfolk/contract/routes";
import {
  openStorefrontBodySchema,
  STOREFRONT_LIMITS,
  STOREFRONT_MESSAGES,
  STOREFRONT_USERNAME_PATTERN,
} from "@threadfolk/contract/studio";
import type { SellerProfile } from "@threadfolk/contract/studio-profile";
import { useCallback, useId, useState } from "react";
import { Link } from "react-router";
import type { ZodType } from "zod";
import { Button } from "../../../components/button.tsx";
import { controlBorderClass, errorAttributes, Field, fieldError } from "../../../components/form/field.tsx";
import { TextField } from "../../../components/form/text-field.tsx";
import { useZodForm } from "../../../components/form/use-zod-form.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../../lib/mutation-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { type StorefrontFields, useSaveSellerProfile } from "../api/save-seller-profile.ts";
import { type PictureChange, PictureField } from "./picture-field.tsx";

const fieldsSchema = openStorefrontBodySchema.shape.sellerProfile;
/** Opening: the fields and the agreement (`acceptTerms: true`), in the server's own rules and words. */
const openFormSchema = fieldsSchema.pick({ displayName: true, uniqueUsername: true, bio: true, acceptTerms: true });
/** Editing: the same fields; the agreement was given when the storefront opened. */
const editFormSchema = fieldsSchema.pick({ displayName: true, uniqueUsername: true, bio: true });

type FormInput = { displayName: string; uniqueUsername: string; bio?: string; acceptTerms?: boolean };
type FormOutput = { displayName: string; uniqueUsername: string; bio: string; acceptTerms?: boolean };
const FORM_SCHEMAS: Record<"open" | "edit", ZodType<FormOutput, FormInput>> = {
  open: openFormSchema,
  edit: editFormSchema,
};
const FORM_FIELDS = ["displayName", "uniqueUsername", "bio", "acceptTerms"] as const;

type StaticPagePath = (typeof STATIC_PAGES)[number]["path"];
const SELLER_PROGRAM_PATH: StaticPagePath = "/seller-program";
const IP_POLICY_PATH: StaticPagePath = "/intellectual-property-policy";

/** The username rule, checked as the artist types (the server lower-cases and checks it is free). */
function UsernameRule({ value }: { value: string }) {
  const isValid = STOREFRONT_USERNAME_PATTERN.test(value);
  const length = value.length;
  return (
    <p
      className={`mt-1.5 text-sm ${value === "" ? "text-neutral-600" : isValid ? "text-emerald-700" : "text-amber-700"}`}
    >
      <span aria-hidden="true">{value === "" ? "" : isValid ? "✓ " : "• "}</span>
      {STOREFRONT_MESSAGES.usernameFormat} ({length}/{STOREFRONT_LIMITS.username})
    </p>
  );
}

function pictureValue(change: PictureChange): string | null | undefined {
  if (change === undefined) return undefined;
  return "removed" in change ? null : change.uploadId;
}

/**
 * The storefront form (`/seller-profile`): opens a storefront (with the agreement) or changes it. The
 * username's rule is shown live; the server's refusals (a username taken) show under their fields.
 */
export function StorefrontForm({ profile }: { profile: SellerProfile | null }) {
  const isOpen = profile !== null;
  const save = useSaveSellerProfile();
  const termsId = useId();
  const bioId = useId();
  const form = useZodForm<FormInput, FormOutput>({
    schema: FORM_SCHEMAS[isOpen ? "edit" : "open"],
    defaultValues: {
      displayName: profile?.attributes.displayName ?? "",
      uniqueUsername: profile?.attributes.uniqueUsername ?? "",
      bio: profile?.attributes.bio ?? "",
      acceptTerms: false,
    },
  });
  const [avatar, setAvatar] = useState<PictureChange>();
  const [banner, setBanner] = useState<PictureChange>();
  const [busyPictures, setBusyPictures] = useState({ avatar: false, banner: false });
  const [formError, setFormError] = useState<string>();
  const setAvatarBusy = useCallback(
    (busy: boolean) => setBusyPictures((previous) => ({ ...previous, avatar: busy })),
    [],
  );
  const setBannerBusy = useCallback(
    (busy: boolean) => setBusyPictures((previous) => ({ ...previous, banner: busy })),
    [],
  );
  const isUploading = busyPictures.avatar || busyPictures.banner;
  const username = form.watch("uniqueUsername") ?? "";
  const bio = form.watch("bio") ?? "";
  const bioError = fieldError(form, "bio");
  const [pictureErrors, setPictureErrors] = useState<{ avatar?: string; banner?: string }>({});

  const onSubmit = form.handleSubmit((values) => {
    setFormError(undefined);
    setPictureErrors({});
    const fields: StorefrontFields = {
      displayName: values.displayName,
      uniqueUsername: values.uniqueUsername,
      bio: values.bio,
    };
    const avatarUploadId = pictureValue(avatar);
    const bannerUploadId = pictureValue(banner);
    if (avatarUploadId !== undefined) fields.avatarUploadId = avatarUploadId;
    if (bannerUploadId !== undefined) fields.bannerUploadId = bannerUploadId;
    save.mutate(
      { isOpen, fields },
      {
        onSuccess: () => {
          toast.success(STOREFRONT_MESSAGES.saved);
          setAvatar(undefined);
          setBanner(undefined);
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setFormError("Your storefront could not be saved. Check your connection and try again.");
            return;
          }
          const matched = applyServerFieldErrors(error, FORM_FIELDS, (field, fieldError) =>
            form.setError(field, fieldError),
          );
          const pictures: { avatar?: string; banner?: string } = {};
          for (const detail of error.details) {
            if (detail.field.endsWith("avatar_upload_id")) pictures.avatar = detail.message;
            if (detail.field.endsWith("banner_upload_id")) pictures.banner = detail.message;
          }
          setPictureErrors(pictures);
          if (!matched && !pictures.avatar && !pictures.banner) setFormError(error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-6">
      <TextField
        form={form}
        name="displayName"
        label="Display name"
        autoComplete="nickname"
        maxLength={STOREFRONT_LIMITS.displayName}
        placeholder="The name shoppers will see"
      />
      <div>
        <TextField
          form={form}
          name="uniqueUsername"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={STOREFRONT_LIMITS.username}
          placeholder="e.g. inkwell_studio"
        />
        {/* The field's own message says the rule once the form has checked it; the hint says it before. */}
        {fieldError(form, "uniqueUsername") !== STOREFRONT_MESSAGES.usernameFormat && <UsernameRule value={username} />}
        <p className="mt-1 truncate text-sm text-neutral-600">
          Your storefront:{" "}
          <span className="font-medium text-neutral-900">/artist/{username.toLowerCase() || "username"}/…</span>
        </p>
      </div>
      <Field id={bioId} label="Bio" error={bioError}>
        <textarea
          id={bioId}
          rows={4}
          maxLength={STOREFRONT_LIMITS.bio}
          {...errorAttributes(bioId, bioError)}
          {...form.register("bio")}
          placeholder="What you draw, and why shoppers will love it"
          className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-neutral-950 outline-none placeholder:text-neutral-400 focus:ring-2 md:text-[15px] ${controlBorderClass(bioError)}`}
        />
        <p className="mt-1 text-right text-xs text-neutral-500">
          {bio.length}/{STOREFRONT_LIMITS.bio}
        </p>
      </Field>
      <PictureField
        purpose="avatar"
        label="Avatar"
        currentUrl={profile?.attributes.avatarUrl}
        onChange={setAvatar}
        onBusyChange={setAvatarBusy}
        error={pictureErrors.avatar}
      />
      <PictureField
        purpose="banner"
        label="Banner"
        currentUrl={profile?.attributes.bannerUrl}
        onChange={setBanner}
        onBusyChange={setBannerBusy}
        error={pictureErrors.banner}
      />
      {!isOpen && (
        <div>
          <div className="flex items-start gap-2.5">
            <input
              id={termsId}
              type="checkbox"
              {...errorAttributes(termsId, fieldError(form, "acceptTerms"))}
              {...form.register("acceptTerms")}
              className="mt-0.5 size-5 shrink-0 rounded border-neutral-300 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            />
            <label htmlFor={termsId} className="text-sm text-neutral-800">
              I agree to the{" "}
              <Link
                to={SELLER_PROGRAM_PATH}
                target="_blank"
                className="font-semibold text-brand underline-offset-2 hover:underline"
              >
                seller program terms
              </Link>{" "}
              and the{" "}
              <Link
                to={IP_POLICY_PATH}
                target="_blank"
                className="font-semibold text-brand underline-offset-2 hover:underline"
              >
                intellectual property policy
              </Link>
              : I own or have the rights to everything I upload.
            </label>
          </div>
          {fieldError(form, "acceptTerms") && (
            <p id={`${termsId}-error`} className="mt-1.5 text-sm text-red-600">
              {fieldError(form, "acceptTerms")}
            </p>
          )}
        </div>
      )}
      {formError && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={save.isPending} disabled={isUploading}>
          {isOpen ? "Save Storefront" : "Open My Storefront"}
        </Button>
        {isUploading && <p className="text-sm text-neutral-600">Saving waits for the pictures to finish uploading.</p>}
      </div>
    </form>
  );
}
