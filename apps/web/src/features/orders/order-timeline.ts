import { ORDER_STATE_NAMES, type PlacedOrderState } from "@threadfolk/contract/orders";

/** The way an order goes when nothing goes wrong. While only some parcels are out, 'Shipped' reads 'Partly shipped'. */
const FULFILMENT_PATH: readonly PlacedOrderState[] = [
  "payment_pending",
  "paid",
  "in_production",
  "shipped",
  "delivered",
];

/** The path's step a state stands on (partly shipped is on the way to shipped); -1 for a state off the path. */
function pathIndexOf(state: PlacedOrderState): number {
  return FULFILMENT_PATH.indexOf(state === "partly_shipped" ? "shipped" : state);
}

/** A pause: the order waits (a payment under review, the print provider holds it) and then goes on along the path. */
const PAUSE_STATES: readonly PlacedOrderState[] = ["on_hold"];

/** The states that end an order off the path; once in one, the rest of the path is not coming. */
const ENDING_STATES: readonly PlacedOrderState[] = [
  "failed",
  "fulfilment_failed",
  "returned",
  "cancelled",
  "partly_refunded",
  "refunded",
];

/** What a state off the path implies was reached before it even when the timeline has no row for it. */
const IMPLIED_BEFORE: Partial<Record<PlacedOrderState, PlacedOrderState>> = {
  on_hold: "payment_pending",
  failed: "payment_pending",
  cancelled: "payment_pending",
  fulfilment_failed: "paid",
  partly_refunded: "paid",
  refunded: "paid",
  returned: "shipped",
};

/** The current step's look: on the path, waiting on something (held, returned, not printable), or ended. */
const ATTENTION_STATES: readonly PlacedOrderState[] = ["on_hold", "returned", "fulfilment_failed"];

export type TimelineStepStatus = "done" | "current" | "upcoming";
export type TimelineStepTone = "progress" | "attention" | "ended";

export type TimelineStep = {
  state: PlacedOrderState;
  /** ORDER_STATE_NAMES: 'Awaiting payment', 'Paid', … */
  label: string;
  /** `done` and `current` are reached (highlighted); `upcoming` is still to come. */
  status: TimelineStepStatus;
  /** How the step reads when it is the current one: amber for `attention`, grey for `ended`. */
  tone: TimelineStepTone;
  /** When the order entered the state (ISO 8601), when the server recorded it. */
  at: string | null;
};

function toneOf(state: PlacedOrderState): TimelineStepTone {
  if (ATTENTION_STATES.includes(state)) return "attention";
  if (ENDING_STATES.includes(state)) return "ended";
  return "progress";
}

/**
 * The status timeline of an order page: the fulfilment path (awaiting payment, paid, in production, shipped or
 * partly shipped, delivered) with every step up to the order's state reached and the rest upcoming. An order on
 * hold shows the hold after the steps it reached, with the rest of the path still to come; an order that ended
 * off the path (payment failed, could not be printed, returned, cancelled, refunded) shows the steps it reached
 * and then how it ended, and no upcoming steps. Dates come from the server's state changes (the first time each
 * state was entered); a step the order passed without a recorded change (older data) is still shown as reached,
 * without a date.
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
    tone: toneOf(stepState),
    at: status === "upcoming" ? null : (enteredAt.get(stepState) ?? null),
  });

  // How far along the path the order got: its own step, or the furthest one it entered or had to pass.
  const ownIndex = pathIndexOf(state);
  const implied = IMPLIED_BEFORE[state];
  const furthest =
    ownIndex !== -1
      ? ownIndex
      : Math.max(
          0,
          implied ? pathIndexOf(implied) : 0,
          ...[...enteredAt.keys()].map((entered) => pathIndexOf(entered)),
        );
  // The shipped step says 'Partly shipped' when only some parcels went out and the order got no further.
  const isPartlyShipped =
    furthest === pathIndexOf("shipped") &&
    !enteredAt.has("shipped") &&
    (state === "partly_shipped" || enteredAt.has("partly_shipped"));
  const pathStep = (index: number, status: TimelineStepStatus): TimelineStep => {
    const pathState = FULFILMENT_PATH[index] as PlacedOrderState;
    return step(
      pathState === "shipped" && isPartlyShipped && status !== "upcoming" ? "partly_shipped" : pathState,
      status,
    );
  };
  const path = (from: number, to: number, status: TimelineStepStatus) =>
    Array.from({ length: Math.max(0, to - from) }, (_, offset) => pathStep(from + offset, status));

  if (ownIndex !== -1) {
    return [
      ...path(0, ownIndex, "done"),
      pathStep(ownIndex, "current"),
      ...path(ownIndex + 1, FULFILMENT_PATH.length, "upcoming"),
    ];
  }

  if (PAUSE_STATES.includes(state)) {
    return [
      ...path(0, furthest + 1, "done"),
      step(state, "current"),
      ...path(furthest + 1, FULFILMENT_PATH.length, "upcoming"),
    ];
  }

  // An ending: the endings that came after the furthest step reached (a cancellation before its refund), in the
  // order they happened, the order's own state last. One entered before that step (a print that failed and was
  // sent again) is history the path already tells.
  const furthestAt = enteredAt.get(
    isPartlyShipped ? "partly_shipped" : (FULFILMENT_PATH[furthest] as PlacedOrderState),
  );
  const endings = ENDING_STATES.filter(
    (ending) =>
      ending !== state && enteredAt.has(ending) && (!furthestAt || (enteredAt.get(ending) as string) >= furthestAt),
  ).sort((left, right) => (enteredAt.get(left) as string).localeCompare(enteredAt.get(right) as string));
  return [...path(0, furthest + 1, "done"), ...endings.map((ending) => step(ending, "done")), step(state, "current")];
}
