/*
 * The PayPal sandbox's stand-in for PayPal's JS SDK (decision 032), served at /paypal-sandbox/sdk/js by the
 * in-app sandbox. Written for Threadfolk, not taken from PayPal: it offers the part of the SDK's surface the
 * checkout uses, `paypal.Buttons({ createOrder, onApprove, onCancel, onError, style })` answering
 * `{ render(container), close(), isEligible() }`, with a button clearly labelled 'PayPal sandbox'.
 *
 * A press opens the sandbox's approval page in a popup (opened during the click, so browsers allow it), asks
 * `createOrder()` for the order id, then points the popup at `/paypal-sandbox/checkoutnow?token=<id>`. The page
 * answers with a postMessage; only a message from that popup and from the sandbox's own origin is read.
 * A blocked popup, a failed `createOrder` or `onApprove` is reported to `onError`; a popup closed without an
 * answer is a cancel, as with PayPal.
 */
(() => {
  const script = document.currentScript;
  if (!script || !(script instanceof HTMLScriptElement)) return;
  const sdkUrl = new URL(script.src);
  const sandboxOrigin = sdkUrl.origin;
  const approvalUrl = new URL("../checkoutnow", sdkUrl);
  const LABEL = "PayPal sandbox";
  const MESSAGE_TYPE = "threadfolk-paypal-sandbox:answer";
  const COLORS = {
    gold: { background: "#ffc439", text: "#111111", accent: "#003087" },
    blue: { background: "#0070ba", text: "#ffffff", accent: "#ffffff" },
    silver: { background: "#eeeeee", text: "#111111", accent: "#003087" },
    white: { background: "#ffffff", text: "#111111", accent: "#003087" },
    black: { background: "#111111", text: "#ffffff", accent: "#ffffff" },
  };

  function toError(value, fallback) {
    if (value instanceof Error) return value;
    const error = new Error(typeof value === "string" && value ? value : fallback);
    return error;
  }

  /** The dimmed page while the approval window is open: focus it again, or give up (a cancel). */
  function showOverlay(onFocus, onClose) {
    const overlay = document.createElement("div");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", `${LABEL} window`);
    Object.assign(overlay.style, {
      position: "fixed",
      inset: "0",
      zIndex: "2147483000",
      display: "flex",
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "center",
      gap: "16px",
      padding: "24px",
      background: "rgba(17, 17, 17, 0.82)",
      color: "#ffffff",
      font: "16px/1.4 system-ui, sans-serif",
      textAlign: "center",
    });
    const title = document.createElement("p");
    title.textContent = `The ${LABEL} window is open. Approve or cancel the payment there.`;
    Object.assign(title.style, { margin: "0", maxWidth: "28rem", fontWeight: "700" });
    const focusButton = document.createElement("button");
    focusButton.type = "button";
    focusButton.textContent = `Show the ${LABEL} window`;
    const closeButton = document.createElement("button");
    closeButton.type = "button";
    closeButton.textContent = "Cancel";
    for (const button of [focusButton, closeButton]) {
      Object.assign(button.style, {
        minHeight: "44px",
        padding: "0 20px",
        borderRadius: "999px",
        border: "1px solid #ffffff",
        background: button === focusButton ? "#ffffff" : "transparent",
        color: button === focusButton ? "#111111" : "#ffffff",
        font: "inherit",
        fontWeight: "700",
        cursor: "pointer",
      });
    }
    focusButton.addEventListener("click", onFocus);
    closeButton.addEventListener("click", onClose);
    overlay.append(title, focusButton, closeButton);
    document.body.append(overlay);
    focusButton.focus();
    return () => overlay.remove();
  }

  function Buttons(options = {}) {
    const style = options.style ?? {};
    const colors = COLORS[style.color] ?? COLORS.gold;
    const height = Math.min(Math.max(Number(style.height) || 45, 25), 55);
    let button = null;
    let flow = null;
    let isClosed = false;

    function call(name, ...args) {
      const handler = options[name];
      return typeof handler === "function" ? handler(...args) : undefined;
    }

    function fail(error) {
      const reported = toError(error, "PayPal sandbox error");
      if (typeof options.onError === "function") options.onError(reported);
      else console.error(reported);
    }

    function setBusy(isBusy) {
      if (!button) return;
      button.disabled = isBusy;
      button.setAttribute("aria-busy", String(isBusy));
      button.style.opacity = isBusy ? "0.6" : "1";
      button.style.cursor = isBusy ? "progress" : "pointer";
    }

    /** One press: a popup, the order id, the payer's answer, then the matching callback. */
    function start() {
      if (flow || isClosed) return;
      const popup = window.open("", "threadfolk-paypal-sandbox", "popup,width=500,height=720");
      if (!popup) {
        fail(new Error(`The ${LABEL} window was blocked: allow pop-ups for this site and press the button again`));
        return;
      }
      try {
        popup.document.title = LABEL;
        popup.document.body.textContent = `Opening the ${LABEL}…`;
      } catch {
        // A popup that already shows the approval page (another origin's document): it is about to be reused.
      }
      let orderID = null;
      let isSettled = false;
      const actions = {
        /** Opens the approval page again for a new press (browsers allow popups only during a click). */
        restart: () => Promise.resolve(),
      };
      const hideOverlay = showOverlay(
        () => popup.focus(),
        () => settle(() => call("onCancel", { orderID })),
      );
      const watcher = window.setInterval(() => {
        if (popup.closed) settle(() => call("onCancel", { orderID }));
      }, 400);

      function finish() {
        window.clearInterval(watcher);
        window.removeEventListener("message", onMessage);
        hideOverlay();
        if (!popup.closed) popup.close();
        flow = null;
        setBusy(false);
      }

      /** Ends the press once, then runs the callback (whose promise keeps the button busy until it settles). */
      function settle(callback) {
        if (isSettled) return;
        isSettled = true;
        finish();
        setBusy(true);
        Promise.resolve()
          .then(callback)
          .catch(fail)
          .finally(() => setBusy(false));
      }

      function onMessage(event) {
        if (event.source !== popup || event.origin !== sandboxOrigin) return;
        const answer = event.data;
        if (!answer || answer.type !== MESSAGE_TYPE || answer.orderID !== orderID) return;
        if (answer.outcome === "cancel") settle(() => call("onCancel", { orderID }));
        else if (answer.outcome === "error") settle(() => fail(new Error(String(answer.message || "Not approved"))));
        else
          settle(() =>
            call(
              "onApprove",
              { orderID, payerID: answer.payerID ?? null, paymentSource: "paypal", facilitatorAccessToken: null },
              actions,
            ),
          );
      }

      flow = { popup };
      setBusy(true);
      window.addEventListener("message", onMessage);
      Promise.resolve()
        .then(() => call("createOrder", {}, {}))
        .then((id) => {
          if (isSettled) return;
          if (typeof id !== "string" || !/^[A-Za-z0-9-]{1,64}$/.test(id)) {
            throw new Error("createOrder must answer the PayPal order id");
          }
          orderID = id;
          const target = new URL(approvalUrl);
          target.searchParams.set("token", id);
          popup.location.href = target.href;
        })
        .catch((error) => {
          if (isSettled) return;
          isSettled = true;
          finish();
          fail(error);
        });
    }

    function render(container) {
      const host = typeof container === "string" ? document.querySelector(container) : container;
      if (!host) return Promise.reject(new Error("The container of the PayPal sandbox buttons was not found"));
      button = document.createElement("button");
      button.type = "button";
      button.setAttribute("aria-label", `Pay with ${LABEL}`);
      Object.assign(button.style, {
        display: "flex",
        width: "100%",
        height: `${height}px`,
        alignItems: "center",
        justifyContent: "center",
        gap: "8px",
        border: colors.background === "#ffffff" ? "1px solid #555555" : "0",
        borderRadius: style.shape === "rect" ? "4px" : "999px",
        background: colors.background,
        color: colors.text,
        font: "600 15px/1 system-ui, sans-serif",
        cursor: "pointer",
      });
      const mark = document.createElement("span");
      mark.textContent = "PayPal";
      Object.assign(mark.style, { fontStyle: "italic", fontWeight: "800", fontSize: "19px", color: colors.accent });
      const label = document.createElement("span");
      label.textContent = "sandbox";
      Object.assign(label.style, {
        padding: "3px 8px",
        borderRadius: "999px",
        border: `1px solid ${colors.text}`,
        fontSize: "11px",
        letterSpacing: "0.08em",
        textTransform: "uppercase",
      });
      button.append(mark, label);
      button.addEventListener("click", start);
      host.replaceChildren(button);
      return Promise.resolve();
    }

    function close() {
      isClosed = true;
      if (flow && !flow.popup.closed) flow.popup.close();
      button?.remove();
      button = null;
      return Promise.resolve();
    }

    return { render, close, isEligible: () => true };
  }

  window.paypal = { version: "threadfolk-sandbox-1", isSandbox: true, label: LABEL, Buttons };
})();
