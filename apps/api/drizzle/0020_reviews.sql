CREATE TABLE "client_ratings" (
	"worker_id" uuid NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "client_ratings_worker_id_care_seeker_id_pk" PRIMARY KEY("worker_id","care_seeker_id"),
	CONSTRAINT "client_ratings_rating_range" CHECK ("client_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "care_seeker_id" uuid;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "acted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD COLUMN "hidden_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_ratings_care_seeker_idx" ON "client_ratings" USING btree ("care_seeker_id","rating");--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD CONSTRAINT "worker_reviews_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD CONSTRAINT "worker_reviews_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD CONSTRAINT "worker_reviews_hidden_by_user_id_users_id_fk" FOREIGN KEY ("hidden_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "worker_reviews_care_seeker_worker_key" ON "worker_reviews" USING btree ("care_seeker_id","worker_id") WHERE care_seeker_id is not null;