ALTER TABLE "rate_limit_counters" ADD COLUMN "hits" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP COLUMN "count";