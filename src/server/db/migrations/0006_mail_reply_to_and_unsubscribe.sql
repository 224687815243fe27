ALTER TABLE "outgoing_mail" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "list_unsubscribe" text;