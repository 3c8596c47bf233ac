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

  it("says 'Partly shipped' while some parcels are out, then 'Shipped' with the day the last one left", () => {
    const partly = buildOrderTimeline({
      state: "partly_shipped",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "in_production", at: at(10) },
        { state: "partly_shipped", at: at(30) },
      ],
    });
    expect(statuses(partly)).toEqual([
      "payment_pending:done",
      "paid:done",
      "in_production:done",
      "partly_shipped:current",
      "delivered:upcoming",
    ]);
    expect(partly[3]).toMatchObject({ label: "Partly shipped", at: at(30), tone: "progress" });

    const shipped = buildOrderTimeline({
      state: "delivered",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "in_production", at: at(10) },
        { state: "partly_shipped", at: at(30) },
        { state: "shipped", at: at(31) },
        { state: "delivered", at: at(50) },
      ],
    });
    expect(shipped.map((step) => step.label)).toEqual([
      "Awaiting payment",
      "Paid",
      "In production",
      "Shipped",
      "Delivered",
    ]);
    expect(shipped[3]?.at).toBe(at(31));
    expect(shipped.at(-1)).toMatchObject({ status: "current", at: at(50) });
  });

  it("shows a held order where it stopped, in amber, with the rest of the path still to come", () => {
    const held = buildOrderTimeline({
      state: "on_hold",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "in_production", at: at(10) },
        { state: "on_hold", at: at(12) },
      ],
    });
    expect(statuses(held)).toEqual([
      "payment_pending:done",
      "paid:done",
      "in_production:done",
      "on_hold:current",
      "shipped:upcoming",
      "delivered:upcoming",
    ]);
    expect(held[3]).toMatchObject({ label: "On hold", tone: "attention", at: at(12) });

    // A payment under review holds an order before it is paid.
    expect(
      statuses(
        buildOrderTimeline({
          state: "on_hold",
          timeline: [
            { state: "payment_pending", at: at(0) },
            { state: "on_hold", at: at(1) },
          ],
        }),
      ),
    ).toEqual([
      "payment_pending:done",
      "on_hold:current",
      "paid:upcoming",
      "in_production:upcoming",
      "shipped:upcoming",
      "delivered:upcoming",
    ]);
  });

  it("ends an order that could not be printed, or came back, in amber with nothing upcoming", () => {
    const failed = buildOrderTimeline({
      state: "fulfilment_failed",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "fulfilment_failed", at: at(4) },
      ],
    });
    expect(statuses(failed)).toEqual(["payment_pending:done", "paid:done", "fulfilment_failed:current"]);
    expect(failed[2]).toMatchObject({ label: "Could not be printed", tone: "attention", at: at(4) });

    const returned = buildOrderTimeline({
      state: "returned",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "in_production", at: at(10) },
        { state: "partly_shipped", at: at(30) },
        { state: "returned", at: at(40) },
      ],
    });
    expect(statuses(returned)).toEqual([
      "payment_pending:done",
      "paid:done",
      "in_production:done",
      "partly_shipped:done",
      "returned:current",
    ]);
    expect(returned.at(-1)).toMatchObject({ label: "Returned", tone: "attention" });
    // Without rows, a return implies the order shipped.
    expect(statuses(buildOrderTimeline({ state: "returned", timeline: [] })).at(-2)).toBe("shipped:done");
  });

  it("leaves out a failed print that was sent again once the order went further", () => {
    const steps = buildOrderTimeline({
      state: "refunded",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "fulfilment_failed", at: at(4) },
        { state: "paid", at: at(6) },
        { state: "in_production", at: at(10) },
        { state: "shipped", at: at(30) },
        { state: "delivered", at: at(50) },
        { state: "refunded", at: at(55) },
      ],
    });
    expect(statuses(steps)).toEqual([
      "payment_pending:done",
      "paid:done",
      "in_production:done",
      "shipped:done",
      "delivered:done",
      "refunded:current",
    ]);
  });

  it("greys out the endings: a failed payment, a cancellation", () => {
    const failed = buildOrderTimeline({
      state: "failed",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "failed", at: at(2) },
      ],
    });
    expect(statuses(failed)).toEqual(["payment_pending:done", "failed:current"]);
    expect(failed[1]).toMatchObject({ label: "Payment failed", tone: "ended" });
    const cancelled = buildOrderTimeline({
      state: "cancelled",
      timeline: [
        { state: "payment_pending", at: at(0) },
        { state: "paid", at: at(1) },
        { state: "cancelled", at: at(3) },
      ],
    });
    expect(statuses(cancelled)).toEqual(["payment_pending:done", "paid:done", "cancelled:current"]);
    expect(cancelled.at(-1)?.tone).toBe("ended");
  });
});
