CREATE TYPE "public"."coordinator_link_status" AS ENUM('ACTIVE', 'PENDING');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('CS', 'CR', 'SUPPORT', 'ADMIN', 'ENGAGEADMIN');--> statement-breakpoint
CREATE TYPE "public"."session_kind" AS ENUM('USER', 'ALIAS');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('ACTIVE', 'DEACTIVATED');--> statement-breakpoint
CREATE TYPE "public"."state_code" AS ENUM('NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT');--> statement-breakpoint
CREATE TYPE "public"."support_item_unit" AS ENUM('H', 'E');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('FEMALE', 'MALE', 'NON_BINARY');--> statement-breakpoint
CREATE TYPE "public"."worker_profile_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" "session_kind" DEFAULT 'USER' NOT NULL,
	"acting_user_id" uuid,
	"parent_session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_alias_shape" CHECK (("sessions"."kind" = 'USER' and "sessions"."acting_user_id" is null and "sessions"."parent_session_id" is null)
        or ("sessions"."kind" = 'ALIAS' and "sessions"."acting_user_id" is not null and "sessions"."parent_session_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_coordinator_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coordinator_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" "coordinator_link_status" DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "support_coordinator_links_pair_key" UNIQUE("coordinator_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"role" "role" NOT NULL,
	"status" "user_status" DEFAULT 'ACTIVE' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text NOT NULL,
	"organisation" text,
	"street_address" text,
	"suburb" text,
	"state" "state_code",
	"postcode" text,
	"hear_about_us" text,
	"terms_accepted_at" timestamp with time zone,
	"engagement_terms_accepted_at" timestamp with time zone,
	"ndis_code_accepted_at" timestamp with time zone,
	"aged_care_code_accepted_at" timestamp with time zone,
	"freshchat_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	"deactivated_reason" text,
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" serial PRIMARY KEY NOT NULL,
	"postcode" char(4) NOT NULL,
	"suburb" text NOT NULL,
	"state" "state_code" NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"mmm_class" smallint,
	CONSTRAINT "localities_suburb_postcode_state_key" UNIQUE("suburb","postcode","state"),
	CONSTRAINT "localities_mmm_class_range" CHECK ("localities"."mmm_class" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "ndis_support_items" (
	"number" text NOT NULL,
	"name" text NOT NULL,
	"line_item_group" text NOT NULL,
	"level" smallint,
	"time_band" text NOT NULL,
	"unit" "support_item_unit" NOT NULL,
	"price_national_cents" integer,
	"price_remote_cents" integer,
	"price_very_remote_cents" integer,
	"edition" text NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "ndis_support_items_number_edition_pk" PRIMARY KEY("number","edition")
);
--> statement-breakpoint
CREATE TABLE "worker_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" "worker_profile_status" DEFAULT 'INACTIVE' NOT NULL,
	"headline" text,
	"bio" text,
	"gender" "gender",
	"weekday_rate_cents" integer,
	"saturday_rate_cents" integer,
	"sunday_rate_cents" integer,
	"public_holiday_rate_cents" integer,
	"evening_rate_cents" integer,
	"overnight_rate_cents" integer,
	"sleepover_rate_cents" integer,
	"travel_per_km_cents" integer,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"tasks" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"qualifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" jsonb NOT NULL,
	"locality_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"travel_radius_km" integer,
	"has_drivers_licence" boolean DEFAULT false NOT NULL,
	"has_car" boolean DEFAULT false NOT NULL,
	"offers_personal_care" boolean DEFAULT false NOT NULL,
	"police_check_verified_at" timestamp with time zone,
	"ndis_screening_verified_at" timestamp with time zone,
	"wwcc_verified_at" timestamp with time zone,
	"avatar_url" text,
	"rating" numeric(3, 2),
	"review_count" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_profiles_rating_range" CHECK ("worker_profiles"."rating" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_coordinator_links" ADD CONSTRAINT "support_coordinator_links_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_coordinator_links" ADD CONSTRAINT "support_coordinator_links_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_parent_session_id_idx" ON "sessions" USING btree ("parent_session_id");--> statement-breakpoint
CREATE INDEX "support_coordinator_links_client_id_idx" ON "support_coordinator_links" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "verification_codes_user_id_idx" ON "verification_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "localities_postcode_idx" ON "localities" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "localities_suburb_lower_idx" ON "localities" USING btree (lower("suburb"));--> statement-breakpoint
CREATE INDEX "localities_suburb_trgm_idx" ON "localities" USING gin ("suburb" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ndis_support_items_group_idx" ON "ndis_support_items" USING btree ("line_item_group","time_band");--> statement-breakpoint
CREATE INDEX "worker_profiles_status_idx" ON "worker_profiles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "worker_profiles_joined_at_idx" ON "worker_profiles" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "worker_profiles_last_active_at_idx" ON "worker_profiles" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "worker_profiles_locality_id_idx" ON "worker_profiles" USING btree ("locality_id");--> statement-breakpoint
CREATE INDEX "worker_profiles_skills_idx" ON "worker_profiles" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "worker_profiles_languages_idx" ON "worker_profiles" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "worker_profiles_earth_idx" ON "worker_profiles" USING gist (ll_to_earth("latitude", "longitude"));