import { describe, expect, it } from "vitest";
import { safeAdminReturnPath } from "./return-path.ts";

describe("safeAdminReturnPath", () => {
  it("returns to admin pages only", () => {
    expect(safeAdminReturnPath("/admin/audit-log?page=2")).toBe("/admin/audit-log?page=2");
    expect(safeAdminReturnPath("/admin")).toBe("/admin");
    expect(safeAdminReturnPath(null)).toBe("/admin");
    expect(safeAdminReturnPath("https://evil.example/admin")).toBe("/admin");
    expect(safeAdminReturnPath("//evil.example/admin")).toBe("/admin");
    expect(safeAdminReturnPath("/administrator")).toBe("/admin");
    expect(safeAdminReturnPath("/admin/sign-in?next=/admin")).toBe("/admin");
  });
});
