/** A read that failed, with a way to try again. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-5 rounded-2xl bg-neutral-50 px-5 py-8 md:mx-10">
      <p className="text-neutral-700">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex h-10 items-center rounded-full border border-neutral-300 px-4 text-sm font-semibold"
      >
        Try again
      </button>
    </div>
  );
}
