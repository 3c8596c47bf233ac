import { useNavigation } from "react-router";
import { Spinner } from "../../components/spinner.tsx";

/** While the next page's code loads: a brand-coloured bar at the top and a spinner over the content. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <>
      <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand/20">
        <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-brand" />
      </div>
      <div className="pointer-events-none fixed inset-x-0 top-40 z-40 flex justify-center">
        <div className="rounded-full bg-white p-2 shadow-lg">
          <Spinner label="Loading page" />
        </div>
      </div>
    </>
  );
}
