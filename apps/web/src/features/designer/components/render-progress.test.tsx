import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RENDER_FAILURES } from "@threadfolk/contract/studio-designs";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { designerKeys } from "../api/query-keys.ts";
import type { DesignRenders } from "../api/types.ts";
import { RenderProgress } from "./render-progress.tsx";

const DESIGN = "5b7d1e2a-0c4f-4e1b-9a3d-7f6e5d4c3b2a";

function renderProgress(attributes: DesignRenders["attributes"]): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(designerKeys.renders(DESIGN), { id: DESIGN, type: "designRenders", attributes });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RenderProgress designUuid={DESIGN} designPath="/design/x/y/black" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("RenderProgress", () => {
  it("says why the mockups stopped for good, as an alert", () => {
    const html = renderProgress({
      done: 1,
      total: 4,
      defaultReady: true,
      complete: false,
      failureCode: "too_complex",
      failureMessage: RENDER_FAILURES.too_complex,
    });
    expect(text(html)).toContain("The mockups stopped 1 / 4");
    expect(html).toMatch(/role="alert"[^>]*>This artwork is too complex to draw on the garments/);
  });

  it("shows progress without an alert while rendering goes on", () => {
    const html = renderProgress({
      done: 1,
      total: 4,
      defaultReady: false,
      complete: false,
      failureCode: null,
      failureMessage: null,
    });
    expect(text(html)).toContain("Rendering the mockups 1 / 4");
    expect(html).not.toContain('role="alert"');
  });
});
