import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { PAYPAL_SANDBOX_LABEL } from "@threadfolk/contract/orders";
import { textSchema } from "@threadfolk/contract/text";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { browserScriptPath } from "./files.ts";
import { PAYPAL_SANDBOX_PAYER_ID, type PayPalSandbox } from "./paypal-sandbox.ts";

/**
 * What a payer sees of the in-app PayPal sandbox (decision 032), beside its Orders v2 API:
 * - `GET /sdk/js?client-id=…&currency=USD&intent=capture`: the stand-in for PayPal's JS SDK
 *   (`paypal-sdk-stand-in.js`), whose button opens the approval page;
 * - `GET /checkoutnow?token=<order id>`: the approval page (the `payer-action` link of the sandbox's orders),
 *   with the order's amount and items and the payer's choices;
 * - `POST /checkoutnow` `{token, outcome}`: the choice, given to `sandbox.approveOrder`.
 * Every page says 'PayPal sandbox', escapes every value, loads nothing from elsewhere and sends its own strict
 * Content-Security-Policy (inline script and style allowed by hash only). Refusals use PayPal's error shape,
 * like the rest of the sandbox; the approval page answers a browser (Accept: text/html) with an HTML page.
 */

/** The payer's choices on the approval page, in the order shown. */
export const APPROVAL_CHOICES = [
  { outcome: "approve", label: "Approve", hint: "PayPal completes the capture." },
  {
    outcome: "capture_pending",
    label: "Approve (capture held for review)",
    hint: "The capture stays PENDING until PayPal's review ends (a webhook).",
  },
  { outcome: "capture_declined", label: "Approve (capture declined)", hint: "The capture comes back DECLINED." },
  {
    outcome: "funding_declined",
    label: "Funding declined",
    hint: "The payment method is refused at capture; the payer may approve again.",
  },
  { outcome: "cancel", label: "Cancel", hint: "Back to the shop without paying." },
] as const;

const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

const approvalAnswerSchema = z.strictObject({
  token: textSchema({ maxLength: 64 }).regex(ORDER_ID_PATTERN),
  outcome: z.enum(APPROVAL_CHOICES.map((choice) => choice.outcome) as [string, ...string[]]),
});

const sdkQuerySchema = z.object({
  "client-id": textSchema({ maxLength: 200 }).min(1),
  currency: z.literal("USD").optional(),
  intent: z.literal("capture").optional(),
});

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
/** What the approval page reads of a sandbox order (the sandbox's own presentation of it). */
const shownOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        invoice_id: z.string().optional(),
        amount: moneySchema.extend({ breakdown: z.record(z.string(), moneySchema).optional() }),
        items: z.array(z.object({ name: z.string(), quantity: z.string(), unit_amount: moneySchema })).optional(),
        shipping: z
          .object({
            name: z.object({ full_name: z.string() }).partial().optional(),
            address: z.record(z.string(), z.string()).optional(),
          })
          .optional(),
      }),
    )
    .min(1),
});
type ShownOrder = z.infer<typeof shownOrderSchema>;

function readAsset(file: string): string {
  return fs.readFileSync(browserScriptPath(file), "utf8");
}

let assets: { sdk: string; pageScript: string; pageScriptHash: string; pageStyleHash: string } | undefined;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The scripts, read once (they ship in the package's browser/ folder). */
function loadAssets() {
  if (!assets) {
    const pageScript = readAsset("approval-page.js");
    assets = {
      sdk: readAsset("paypal-sdk-stand-in.js"),
      pageScript,
      pageScriptHash: sha256(pageScript),
      pageStyleHash: sha256(PAGE_STYLE),
    };
  }
  return assets;
}

/** Text made safe for HTML content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f5f7fa;color:#1a1a1a;font:16px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
.banner{background:#7a4b00;color:#fff;text-align:center;font-weight:700;font-size:14px;letter-spacing:.04em;padding:8px 16px}
main{max-width:30rem;margin:0 auto;padding:20px 16px 32px}
h1{margin:0 0 4px;font-size:22px;line-height:1.2}
.brand{font-style:italic;font-weight:800;color:#003087}.brand span{color:#0070e0}
.muted{color:#555;font-size:14px;margin:0}
.card{background:#fff;border:1px solid #dde3ea;border-radius:14px;padding:16px;margin-top:16px}
.total{display:flex;justify-content:space-between;align-items:baseline;font-size:15px}
.total strong{font-size:26px}
ul{list-style:none;margin:12px 0 0;padding:0}
li,.row{display:flex;justify-content:space-between;gap:12px;font-size:14px;padding:6px 0}
li{border-top:1px solid #eef1f4}
.row{color:#444;padding:3px 0}
li span:last-child,.row span:last-child{white-space:nowrap}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.08em;color:#555;margin:0 0 6px}
address{font-style:normal;font-size:14px}
.choices{display:grid;gap:10px;margin-top:18px}
button{width:100%;min-height:46px;border-radius:999px;border:1px solid #b9c3cf;background:#fff;color:#1a1a1a;font:inherit;font-weight:700;cursor:pointer;padding:8px 16px}
button small{display:block;font-weight:400;font-size:12px;color:#555}
button.primary{background:#0070e0;border-color:#0070e0;color:#fff}button.primary small{color:#e6f0ff}
button:disabled{opacity:.55;cursor:progress}
button:focus-visible{outline:3px solid #ffc439;outline-offset:2px}
.breakdown{margin-top:8px}
#status{min-height:1.5em;margin:14px 0 0;font-size:14px;font-weight:600}
`;

function page(title: string, body: string): string {
  const { pageScript } = loadAssets();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PAYPAL_SANDBOX_LABEL)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="banner" role="note">${escapeHtml(PAYPAL_SANDBOX_LABEL)}: no real money moves</div>
<main>
${body}
</main>
<script>${pageScript}</script>
</body>
</html>
`;
}

function money(amount: { currency_code: string; value: string } | undefined): string {
  if (!amount) return "";
  return `${amount.currency_code === "USD" ? "$" : ""}${amount.value} ${amount.currency_code}`;
}

const BREAKDOWN_LABELS: [string, string][] = [
  ["item_total", "Items"],
  ["shipping", "Shipping"],
  ["tax_total", "Tax"],
  ["discount", "Discount"],
];

/** The approval page of one order: its amount, items, breakdown and ship-to, then the payer's choices. */
export function renderApprovalPage(order: ShownOrder, answerUrl: string): string {
  const unit = order.purchase_units[0] as ShownOrder["purchase_units"][number];
  const items = (unit.items ?? [])
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</span><span>${escapeHtml(money(item.unit_amount))}</span></li>`,
    )
    .join("");
  const breakdown = BREAKDOWN_LABELS.flatMap(([key, label]) => {
    const part = unit.amount.breakdown?.[key];
    if (!part || (key === "discount" && Number(part.value) === 0)) return [];
    return [
      `<div class="row"><span>${escapeHtml(label)}</span><span>${key === "discount" ? "−" : ""}${escapeHtml(money(part))}</span></div>`,
    ];
  }).join("");
  const address = unit.shipping?.address ?? {};
  const addressLines = [
    unit.shipping?.name?.full_name,
    address.address_line_1,
    address.address_line_2,
    [address.admin_area_2, [address.admin_area_1, address.postal_code].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", "),
    address.country_code,
  ]
    .filter((line) => line)
    .map((line) => escapeHtml(line))
    .join("<br>");
  const isAwaitingApproval = order.status === "CREATED";
  const choices = isAwaitingApproval
    ? `<form id="approval" class="choices" method="post" action="${escapeHtml(answerUrl)}" data-order-id="${escapeHtml(order.id)}">
${APPROVAL_CHOICES.map(
  (choice, index) =>
    // The label names the button; its hint describes it (a screen reader hears both, in that order).
    `<button type="submit" name="outcome" value="${escapeHtml(choice.outcome)}" aria-label="${escapeHtml(choice.label)}" aria-describedby="hint-${escapeHtml(choice.outcome)}"${index === 0 ? ' class="primary"' : ""}>${escapeHtml(choice.label)}<small id="hint-${escapeHtml(choice.outcome)}">${escapeHtml(choice.hint)}</small></button>`,
).join("\n")}
</form>`
    : `<p class="card">This order is ${escapeHtml(order.status)}: there is nothing to approve.</p>
<div class="choices"><button type="button" id="close">Close</button></div>`;
  return page(
    "Review your payment",
    `<h1><span class="brand">Pay<span>Pal</span></span> sandbox</h1>
<p class="muted">Review the payment${unit.invoice_id ? ` for order ${escapeHtml(unit.invoice_id)}` : ""}, then choose what the payer does.</p>
<section class="card" aria-label="Payment">
<div class="total"><span>Total</span><strong>${escapeHtml(money(unit.amount))}</strong></div>
<ul aria-label="Items">${items}</ul>
<div class="breakdown">${breakdown}</div>
</section>
${addressLines ? `<section class="card" aria-label="Ship to"><h2>Ship to</h2><address>${addressLines}</address></section>` : ""}
${choices}
<p id="status" role="status" aria-live="polite"></p>`,
  );
}

/** The approval page's policy: its own inline script and style by hash, calls to its own origin, nothing else. */
function pagePolicy(): string {
  const { pageScriptHash, pageStyleHash } = loadAssets();
  return [
    "default-src 'none'",
    `script-src ${pageScriptHash}`,
    `style-src ${pageStyleHash}`,
    "connect-src 'self'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function sendError(
  reply: FastifyReply,
  status: number,
  name: string,
  message: string,
  details: { issue: string; description: string; field?: string }[],
) {
  return reply
    .code(status)
    .header("content-type", "application/json")
    .header("cache-control", "no-store")
    .send(JSON.stringify({ name, message, details, debug_id: randomBytes(7).toString("hex") }));
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", pagePolicy())
    .send(html);
}

const acceptsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(String(request.headers.accept ?? ""));

/** The query string as single values (the first of each name); a malformed escape stays as it was sent. */
function queryOf(request: FastifyRequest): Record<string, string> {
  const query: Record<string, string> = {};
  const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
  for (const [name, value] of new URLSearchParams(search)) if (!(name in query)) query[name] = value;
  return query;
}

const NOT_FOUND = "The specified resource does not exist.";
const INVALID_REQUEST = "Request is not well-formed, syntactically incorrect, or violates schema.";

/**
 * Registers the SDK stand-in and the approval page in the sandbox's scope (`registerPayPalSandbox`, whose body
 * parser leaves every body as text). `prefix` is where the scope is mounted, for the form's action.
 */
export function registerPayPalSandboxPages(
  scope: FastifyInstance,
  options: { sandbox: PayPalSandbox; prefix: string },
): void {
  const { sandbox, prefix } = options;

  scope.get("/sdk/js", async (request, reply) => {
    const query = sdkQuerySchema.safeParse(queryOf(request));
    if (!query.success) {
      return sendError(
        reply,
        400,
        "INVALID_REQUEST",
        INVALID_REQUEST,
        query.error.issues.map((issue) => ({
          issue: "INVALID_PARAMETER_VALUE",
          description: issue.message,
          field: issue.path.join("."),
        })),
      );
    }
    if (query.data["client-id"] !== sandbox.clientId) {
      return sendError(reply, 400, "INVALID_REQUEST", INVALID_REQUEST, [
        { issue: "INVALID_CLIENT_ID", description: "This sandbox does not know that client-id", field: "client-id" },
      ]);
    }
    return reply
      .code(200)
      .header("content-type", "application/javascript; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(loadAssets().sdk);
  });

  scope.get("/checkoutnow", async (request, reply) => {
    const token = queryOf(request).token ?? "";
    const found = ORDER_ID_PATTERN.test(token) ? await sandbox.findOrder(token) : undefined;
    const shown = found ? shownOrderSchema.safeParse(found) : undefined;
    if (!shown?.success) {
      if (acceptsHtml(request)) {
        return sendHtml(
          reply,
          404,
          page(
            "Order not found",
            `<h1>Order not found</h1>
<p class="muted">The ${escapeHtml(PAYPAL_SANDBOX_LABEL)} has no order awaiting approval with this id (its orders last until the app restarts). Go back to the shop and press the PayPal button again.</p>
<div class="choices"><button type="button" id="close">Close</button></div>`,
          ),
        );
      }
      return sendError(reply, 404, "RESOURCE_NOT_FOUND", NOT_FOUND, [
        { issue: "INVALID_RESOURCE_ID", description: "Specified resource ID does not exist.", field: "token" },
      ]);
    }
    return sendHtml(reply, 200, renderApprovalPage(shown.data, `${prefix}/checkoutnow`));
  });

  scope.post("/checkoutnow", async (request, reply) => {
    // Only the page's own script may answer: a JSON body (a cross-site form cannot send one without CORS) from
    // this host when the browser says where it comes from.
    const origin = request.headers.origin;
    if (typeof origin === "string" && origin !== "null") {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== request.headers.host) {
        return sendError(reply, 403, "PERMISSION_DENIED", "You do not have permission to access this resource.", [
          { issue: "PERMISSION_DENIED", description: "Answers come from the approval page only" },
        ]);
      }
    }
    if (!String(request.headers["content-type"] ?? "").startsWith("application/json")) {
      return sendError(
        reply,
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "The server does not support the request payload's media type.",
        [{ issue: "UNSUPPORTED_MEDIA_TYPE", description: "Send application/json" }],
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(typeof request.body === "string" ? request.body : "");
    } catch {
      return sendError(reply, 400, "INVALID_REQUEST", INVALID_REQUEST, [
        { issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." },
      ]);
    }
    const answer = approvalAnswerSchema.safeParse(body);
    if (!answer.success) {
      return sendError(
        reply,
        400,
        "INVALID_REQUEST",
        INVALID_REQUEST,
        answer.error.issues.map((issue) => ({
          issue: "INVALID_PARAMETER_VALUE",
          description: issue.message,
          field: issue.path.join("."),
        })),
      );
    }
    const order = await sandbox.findOrder(answer.data.token);
    if (!order) {
      return sendError(reply, 404, "RESOURCE_NOT_FOUND", NOT_FOUND, [
        { issue: "INVALID_RESOURCE_ID", description: "Specified resource ID does not exist.", field: "token" },
      ]);
    }
    if (order.status !== "CREATED") {
      return sendError(
        reply,
        422,
        "UNPROCESSABLE_ENTITY",
        `This order is ${order.status}: it is not awaiting approval`,
        [{ issue: "ORDER_NOT_AWAITING_APPROVAL", description: `The order is ${order.status}` }],
      );
    }
    const outcome = answer.data.outcome as (typeof APPROVAL_CHOICES)[number]["outcome"];
    const approved = await sandbox.approveOrder(order.id, outcome);
    return reply
      .code(200)
      .header("content-type", "application/json")
      .header("cache-control", "no-store")
      .send(
        JSON.stringify({
          id: approved.id,
          status: approved.status,
          outcome,
          ...(outcome === "cancel" ? {} : { payer_id: PAYPAL_SANDBOX_PAYER_ID }),
        }),
      );
  });
}
