import type { ReactNode } from "react";
import { LogoMark } from "../../components/logo.tsx";
import { appConfig } from "../../lib/config.ts";

/** The centred card of the console's pages before sign-in (sign-in, set-up). */
export function AdminCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-neutral-50 px-4 py-10 md:items-center">
      <div
        className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm md:p-8`}
      >
        <p className="flex items-center gap-2 font-display text-lg font-extrabold">
          <LogoMark className="size-7" />
          {appConfig.brandName} <span className="font-semibold text-neutral-600">admin</span>
        </p>
        <h1 className="mt-6 font-display text-2xl font-extrabold tracking-tight">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
