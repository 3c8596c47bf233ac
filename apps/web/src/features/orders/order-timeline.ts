import { ORDER_STATE_NAMES, type PlacedOrderState } from "@threadfolk/contract/orders";

/** The way an order goes when nothing goes wrong. */
const FULFILMENT_PATH: readonly PlacedOrderState[] = [
  "payment_pending",
  "paid",
  "in_production",
  "shipped",
  "delivered",
];

/** The states that end an order off the path; once in one, the rest of the path is not coming. */
const ENDING_STATES: readonly PlacedOrderState[] = ["cancelled", "refunded"];

/** What a refund or a cancellation implies was reached before it even when the timeline has no row for it. */
const IMPLIED_BEFORE: Partial<Record<PlacedOrderState, PlacedOrderState>> = {
  cancelled: "payment_pending",
  refunded: "paid",
};

export type TimelineStepStatus = "done" | "current" | "upcoming";

export type TimelineStep = {
  state: PlacedOrderState;
  /** ORDER_STATE_NAMES: 'Awaiting payment', 'Paid', … */
  label: string;
  /** `done` and `current` are reached (highlighted); `upcoming` is still to come. */
  status: TimelineStepStatus;
  /** When the order entered the state (ISO 8601), when the server recorded it. */
  at: string | null;
};

/**
 * The status timeline of an order page: the fulfilment path (awaiting payment, paid, in production, shipped,
 * delivered) with every step up to the order's state reached and the rest upcoming; an order that was cancelled
 * or refunded shows the steps it reached and then how it ended, and no upcoming steps. Dates come from the
 * server's state changes (the first time each state was entered); a step the order passed without a recorded
 * change (older data) is still shown as reached, without a date.
 */
export function buildOrderTimeline(options: {
  state: PlacedOrderState;
  timeline: ReadonlyArray<{ state: PlacedOrderState; at: string }>;
}): TimelineStep[] {
  const { state, timeline } = options;
  const enteredAt = new Map<PlacedOrderState, string>();
  for (const entry of [...timeline].sort((left, right) => left.at.localeCompare(right.at))) {
    if (!enteredAt.has(entry.state)) enteredAt.set(entry.state, entry.at);
  }
  const step = (stepState: PlacedOrderState, status: TimelineStepStatus): TimelineStep => ({
    state: stepState,
    label: ORDER_STATE_NAMES[stepState],
    status,
    at: status === "upcoming" ? null : (enteredAt.get(stepState) ?? null),
  });

  const pathIndex = FULFILMENT_PATH.indexOf(state);
  if (pathIndex !== -1) {
    return FULFILMENT_PATH.map((pathState, index) =>
      step(pathState, index < pathIndex ? "done" : index === pathIndex ? "current" : "upcoming"),
    );
  }

  // Cancelled or refunded: the furthest point reached on the path, then the endings in the order they happened.
  const implied = IMPLIED_BEFORE[state];
  const furthest = Math.max(
    0,
    implied ? FULFILMENT_PATH.indexOf(implied) : 0,
    ...FULFILMENT_PATH.map((pathState, index) => (enteredAt.has(pathState) ? index : -1)),
  );
  const endings = ENDING_STATES.filter((ending) => ending === state || enteredAt.has(ending)).sort((left, right) => {
    if (left === state) return 1;
    if (right === state) return -1;
    return (enteredAt.get(left) ?? "").localeCompare(enteredAt.get(right) ?? "");
  });
  return [
    ...FULFILMENT_PATH.slice(0, furthest + 1).map((pathState) => step(pathState, "done")),
    ...endings.map((ending) => step(ending, ending === state ? "current" : "done")),
  ];
}
