CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_dedupe_key" ON "jobs" USING btree ("kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_completed_idx" ON "jobs" USING btree ("completed_at") WHERE "jobs"."status" in ('succeeded', 'failed');
--> statement-breakpoint
-- The old e-mail outbox becomes send_email jobs with the same ids (so .eml names and Message-IDs stay):
-- pending rows stay pending (a row claimed when the old worker stopped is sent again: at least once),
-- sent and failed rows are kept as finished jobs until the housekeeping forgets them.
INSERT INTO "jobs" ("id", "kind", "payload", "status", "attempts", "run_at", "last_error", "result", "created_at", "completed_at")
SELECT
  "id",
  'send_email',
  jsonb_build_object('kind', "kind", 'to', "to_address", 'subject', "subject", 'text', "text_body", 'html', "html_body"),
  CASE "status" WHEN 'sent' THEN 'succeeded' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
  "attempts",
  "next_attempt_at",
  "last_error",
  CASE WHEN "delivery_reference" IS NULL THEN NULL ELSE jsonb_build_object('deliveryReference', "delivery_reference") END,
  "created_at",
  CASE "status" WHEN 'sent' THEN coalesce("sent_at", now()) WHEN 'failed' THEN now() END
FROM "email_outbox";--> statement-breakpoint
-- Events still waiting to be forwarded become forward_analytics_events jobs: one per client (as the tracker
-- groups them) and per 25 events, in the order they happened. Sent and given-up forwards leave no trace.
INSERT INTO "jobs" ("kind", "payload", "attempts", "run_at", "last_error")
SELECT
  'forward_analytics_events',
  jsonb_build_object('eventIds', jsonb_agg("id" ORDER BY "occurred_at", "id")),
  max("forward_attempts"),
  coalesce(min("next_forward_at"), now()),
  max("last_forward_error")
FROM (
  SELECT
    "id", "occurred_at", "forward_attempts", "next_forward_at", "last_forward_error",
    coalesce("session_id", "guest_id", "user_id", "id")::text || '|' || coalesce("user_id"::text, '') AS "client",
    (row_number() OVER (
      PARTITION BY coalesce("session_id", "guest_id", "user_id", "id")::text || '|' || coalesce("user_id"::text, '')
      ORDER BY "occurred_at", "id"
    ) - 1) / 25 AS "chunk"
  FROM "analytics_events"
  WHERE "forward_status" = 'pending'
) AS "pending_events"
GROUP BY "client", "chunk";--> statement-breakpoint
DROP TABLE "email_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_forward_status_check";--> statement-breakpoint
DROP INDEX "analytics_events_forward_due_idx";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "forward_status";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "forward_attempts";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "next_forward_at";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "forward_locked_until";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "last_forward_error";