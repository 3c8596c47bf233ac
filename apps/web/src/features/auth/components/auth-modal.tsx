import * as Dialog from "@radix-ui/react-dialog";
import { CloseIcon } from "../../../components/icons/icons.tsx";
import { Logo } from "../../../components/logo.tsx";
import { appConfig } from "../../../lib/config.ts";
import { type AuthModalMode, closeAuthModal, focusAuthModalOpener, useAuthModal } from "../hooks/use-auth-modal.ts";
import { ResetRequestForm } from "./reset-request-form.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

/** Titles and subtitles of the three modes (spec section 2, auth modal). */
export function authModalTexts(mode: AuthModalMode, brandName: string = appConfig.brandName) {
  switch (mode) {
    case "signIn":
      return { title: `Log in to ${brandName}`, subtitle: "Welcome Back!" };
    case "signUp":
      return { title: "Create an Account", subtitle: `Welcome to ${brandName}` };
    case "reset":
      return {
        title: "Password Reset",
        subtitle: "Enter the email of your account and we'll send you a link to choose a new password.",
      };
  }
}

/**
 * On desktop the first empty field gets the focus (ready to type); on touch screens the dialog itself does,
 * so the on-screen keyboard does not cover the form before the visitor has seen it.
 */
function focusFirstField(event: Event): void {
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement) || !window.matchMedia("(min-width: 768px)").matches) return;
  const fields = [...content.querySelectorAll<HTMLInputElement>("input")];
  const target = fields.find((field) => field.value === "") ?? fields[0];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** The auth modal: sign in, sign up or password reset, opened from anywhere with `openAuthModal(mode)`. */
export function AuthModal() {
  const { open, mode } = useAuthModal();
  const { title, subtitle } = authModalTexts(mode);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : closeAuthModal())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={focusFirstField}
          // No Radix trigger opens this modal, so without this the focus would fall back to the page's body.
          onCloseAutoFocus={(event) => {
            if (focusAuthModalOpener()) event.preventDefault();
          }}
          className={`fixed inset-0 z-50 overflow-y-auto bg-white px-5 pt-4 pb-8 focus:outline-none md:inset-auto md:top-1/2 md:left-1/2 md:max-h-[calc(100dvh-3rem)] md:w-full md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl md:px-9 md:pt-8 md:pb-9 md:shadow-2xl ${
            mode === "signUp" ? "md:max-w-xl" : "md:max-w-md"
          }`}
        >
          <div className="flex items-center justify-between md:block">
            <div className="md:hidden">
              <Logo compact />
            </div>
            <Dialog.Close
              aria-label="Close"
              className="flex size-11 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand md:absolute md:top-4 md:right-4"
            >
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <div className="mt-6 mb-6 md:mt-0">
            <Dialog.Title className="font-display text-2xl font-extrabold tracking-tight text-neutral-950 md:text-3xl">
              {title}
            </Dialog.Title>
            <Dialog.Description className="mt-1.5 text-base text-neutral-600">{subtitle}</Dialog.Description>
          </div>
          {mode === "signIn" && <SignInForm />}
          {mode === "signUp" && <SignUpForm />}
          {mode === "reset" && <ResetRequestForm />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
