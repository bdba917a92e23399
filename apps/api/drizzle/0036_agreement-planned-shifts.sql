-- Issue 31 item 3: a service agreement may carry planned shifts, booked as one series (a booking) when the worker accepts it.
ALTER TABLE "contracts" ADD COLUMN "shift_plan" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "planned_booking_id" uuid;