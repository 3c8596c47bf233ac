import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toastMessage, toastRole } from "./toast.ts";

describe("toast live regions", () => {
  it("announces errors at once and the rest politely", () => {
    expect(toastRole("error")).toBe("alert");
    expect(toastRole("success")).toBe("status");
    expect(toastRole("warning")).toBe("status");
  });

  it("wraps the message in an element with that role", () => {
    expect(renderToStaticMarkup(toastMessage("error", "An error occured"))).toBe(
      '<span role="alert">An error occured</span>',
    );
    expect(renderToStaticMarkup(toastMessage("success", "Added Moon Cat to Summer ❤️"))).toBe(
      '<span role="status">Added Moon Cat to Summer ❤️</span>',
    );
  });
});
