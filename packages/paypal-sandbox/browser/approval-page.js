/*
 * The script of the PayPal sandbox's approval page (decision 032): posts the payer's choice to the sandbox, then
 * tells the window that opened the page (the SDK stand-in's button) through postMessage, addressed to this
 * page's own origin only, and closes. Opened on its own (no opener), it says the choice was recorded.
 */
(() => {
  document.getElementById("close")?.addEventListener("click", () => window.close());
  const form = document.getElementById("approval");
  const status = document.getElementById("status");
  if (!form || !status) return;
  const orderID = form.dataset.orderId;
  const opener = window.opener && window.opener !== window ? window.opener : null;

  function tellOpener(answer) {
    if (!opener) return false;
    opener.postMessage({ type: "threadfolk-paypal-sandbox:answer", orderID, ...answer }, window.location.origin);
    return true;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const outcome = event.submitter?.value;
    if (!outcome) return;
    for (const button of form.querySelectorAll("button")) button.disabled = true;
    status.textContent = "Sending your answer…";
    fetch(form.action, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ token: orderID, outcome }),
      credentials: "same-origin",
    })
      .then(async (response) => {
        const body = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(body.message || `The sandbox answered ${response.status}`);
        return body;
      })
      .then((body) => {
        const told = tellOpener({ outcome, payerID: body.payer_id ?? null });
        status.textContent = told
          ? "Done: returning to the shop…"
          : "Your answer is recorded: you can close this window.";
        if (told) window.setTimeout(() => window.close(), 150);
      })
      .catch((error) => {
        status.textContent = `${error.message}.`;
        if (tellOpener({ outcome: "error", message: error.message })) window.setTimeout(() => window.close(), 1500);
        else for (const button of form.querySelectorAll("button")) button.disabled = false;
      });
  });
})();
