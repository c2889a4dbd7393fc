CREATE INDEX "projects_category_lower_idx" ON "projects" USING btree (lower("category"));--> statement-breakpoint
CREATE INDEX "security_alerts_chain_lower_idx" ON "security_alerts" USING btree (lower("chain"));--> statement-breakpoint
CREATE INDEX "security_alerts_technique_lower_idx" ON "security_alerts" USING btree (lower("technique"));