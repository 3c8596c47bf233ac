import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { applyServerFieldErrors, detailFieldName } from "./mutation-errors.ts";

describe("server field errors", () => {
  it("names the form field of a snake_case detail path", () => {
    expect(detailFieldName({ field: "user.first_name", message: "" })).toBe("firstName");
    expect(detailFieldName({ field: "user.email", message: "" })).toBe("email");
    expect(detailFieldName({ field: "confirm_password", message: "" })).toBe("confirmPassword");
  });

  it("sets the 422 details on the matching fields only", () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 422,
      code: "validation_failed",
      message: "The request body is invalid",
      details: [
        { field: "user.email", message: "Email has already been taken" },
        { field: "user.unknown_thing", message: "ignored" },
      ],
    });
    expect(applyServerFieldErrors(error, ["email", "username"] as const, setError)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith("email", { type: "server", message: "Email has already been taken" });
  });

  it("ignores other errors", () => {
    const setError = vi.fn();
    const error = new ApiError({ status: 500, code: "internal_error", message: "x" });
    expect(applyServerFieldErrors(error, ["email"] as const, setError)).toBe(false);
    expect(applyServerFieldErrors(new Error("network"), ["email"] as const, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
