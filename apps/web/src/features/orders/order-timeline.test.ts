import { describe, expect, it } from "vitest";
import { buildOrderTimeline, type TimelineStep } from "./order-timeline.ts";

const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, "0")}:00.000Z`;
const statuses = (steps: TimelineStep[]) => steps.map((step) => `${step.state}:${step.status}`);

describe("buildOrderTimeline", () => {
  it("shows a fresh order awaiting payment with the whole path still to come", () => {
    const steps = buildOrderTimeline({ state: "payment_pending", timeline: [{ state: "payment_pending", at: at(0) }] });
    expect(statuses(steps)).toEqual([
      "payment_pending:current",
      "paid:upcoming",
      "in_production:upcoming",
      "shipped:upcoming",
      "delivered:upcoming",
    ]);
    expect(steps.map((step) => step.label)).toEqual([
      "Awaiting payment",
      "Paid",
      "In production",
      "Shipped",
      "Delivered",
    ]);
    expect(steps[0]?.at).toBe(at(0));
    expect(steps[1]?.at).toBeNull();
  });

  it("highlights every step up to a shipped order's state, with the dates each was entered", () => {
    const steps = buildOrderTimeline({
      state: "shipped",
      timeline: [
        { state: "shipped", at: at(30) },
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "in_production", at: at(10) },
      ],
    });
    expect(statuses(steps)).toEqual([
      "payment_pending:done",
      "paid:done",
      "in_production:done",
      "shipped:current",
      "delivered:upcoming",
    ]);
    expect(steps.map((step) => step.at)).toEqual([at(0), at(1), at(10), at(30), null]);
  });

  it("keeps the first time a state was entered when it was entered twice", () => {
    const steps = buildOrderTimeline({
      state: "paid",
      timeline: [
        { state: "payment_pending", at: at(5) },
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(6) },
      ],
    });
    expect(steps[0]?.at).toBe(at(0));
  });

  it("counts a step passed without a recorded change as reached, without a date", () => {
    const steps = buildOrderTimeline({ state: "delivered", timeline: [{ state: "delivered", at: at(50) }] });
    expect(steps.every((step) => step.status !== "upcoming")).toBe(true);
    expect(steps.at(-1)).toMatchObject({ state: "delivered", status: "current", at: at(50) });
    expect(steps[1]?.at).toBeNull();
  });

  it("ends a cancelled order after the steps it reached, with nothing upcoming", () => {
    const steps = buildOrderTimeline({
      state: "cancelled",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "cancelled", at: at(20) },
      ],
    });
    expect(statuses(steps)).toEqual(["payment_pending:done", "cancelled:current"]);
    expect(steps[1]).toMatchObject({ label: "Cancelled", at: at(20) });
  });

  it("shows a refund after the furthest step reached, and implies the payment a refund needs", () => {
    expect(
      statuses(
        buildOrderTimeline({
          state: "refunded",
          timeline: [
            { state: "payment_pending", at: at(0) },
            { state: "paid", at: at(1) },
            { state: "in_production", at: at(5) },
            { state: "refunded", at: at(9) },
          ],
        }),
      ),
    ).toEqual(["payment_pending:done", "paid:done", "in_production:done", "refunded:current"]);
    expect(statuses(buildOrderTimeline({ state: "refunded", timeline: [] }))).toEqual([
      "payment_pending:done",
      "paid:done",
      "refunded:current",
    ]);
  });

  it("lists a cancellation before the refund that followed it", () => {
    const steps = buildOrderTimeline({
      state: "refunded",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "cancelled", at: at(3) },
        { state: "refunded", at: at(4) },
      ],
    });
    expect(statuses(steps)).toEqual(["payment_pending:done", "paid:done", "cancelled:done", "refunded:current"]);
  });
});
