DROP INDEX "localities_suburb_lower_idx";--> statement-breakpoint
CREATE INDEX "localities_suburb_prefix_idx" ON "localities" USING btree (lower("suburb") text_pattern_ops);