CREATE TABLE "alert_totals" (
	"grouping" integer NOT NULL,
	"year" integer NOT NULL,
	"technique" text,
	"chain" text,
	"type" text,
	"origin" text,
	"has_returned" boolean,
	"category" text,
	"listed" integer NOT NULL,
	"counted" integer NOT NULL,
	"lost_sum" numeric,
	"lost_known" integer NOT NULL,
	"returned_sum" numeric,
	"returned_known" integer NOT NULL,
	"priced_first" date,
	"priced_last" date,
	CONSTRAINT "alert_totals_key" UNIQUE NULLS NOT DISTINCT("grouping","type","origin","has_returned","category","year","technique","chain"),
	CONSTRAINT "alert_totals_listed" CHECK ("alert_totals"."listed" > 0)
);
--> statement-breakpoint
DROP INDEX "security_alerts_occurred_idx";--> statement-breakpoint
CREATE INDEX "alert_totals_year_idx" ON "alert_totals" USING btree ("year","technique","chain");--> statement-breakpoint
CREATE INDEX "security_alerts_occurred_id_idx" ON "security_alerts" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "security_alerts_amount_lost_idx" ON "security_alerts" USING btree ("amount_lost_usd");--> statement-breakpoint
-- The incident database's totals (#21) are kept by these triggers, in the transaction of every write of an alert or
-- of a project's category or visibility (staff console, corrections, Skynet, seeds, imports, cascades): the
-- (year, technique, chain) groups a statement touched are summed again from security_alerts.
CREATE FUNCTION alert_totals_refresh(keys_year integer[], keys_technique text[], keys_chain text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys_year IS NULL OR cardinality(keys_year) = 0 THEN
    RETURN;
  END IF;
  -- One writer at a time: each statement below then reads what earlier writers committed (read committed).
  PERFORM pg_advisory_xact_lock(hashtext('alert_totals'));
  DELETE FROM alert_totals AS t
    USING unnest(keys_year, keys_technique, keys_chain) AS k(year, technique, chain)
    WHERE t.year = k.year AND t.technique IS NOT DISTINCT FROM k.technique AND t.chain IS NOT DISTINCT FROM k.chain;
  INSERT INTO alert_totals (grouping, year, technique, chain, type, origin, has_returned, category, listed, counted,
      lost_sum, lost_known, returned_sum, returned_known, priced_first, priced_last)
    SELECT GROUPING(s.type, s.origin, s.has_returned, s.category), s.year, s.technique, s.chain, s.type, s.origin,
      s.has_returned, s.category, count(*), count(*) FILTER (WHERE s.counted),
      sum(s.lost) FILTER (WHERE s.counted), count(s.lost) FILTER (WHERE s.counted),
      sum(s.returned) FILTER (WHERE s.counted), count(s.returned) FILTER (WHERE s.counted),
      min(s.priced_on) FILTER (WHERE s.counted AND (s.lost IS NOT NULL OR s.returned IS NOT NULL)),
      max(s.priced_on) FILTER (WHERE s.counted AND (s.lost IS NOT NULL OR s.returned IS NOT NULL))
    FROM (
      SELECT extract(year FROM a.occurred_at AT TIME ZONE 'UTC')::integer AS year, a.technique, a.chain, a.type, a.origin,
        coalesce(a.amount_returned_usd, 0) > 0 AS has_returned, p.category, a.retracted_at IS NULL AS counted,
        a.amount_lost_usd AS lost, a.amount_returned_usd AS returned, a.amounts_priced_on AS priced_on
      FROM security_alerts AS a LEFT JOIN projects AS p ON p.id = a.project_id
      WHERE a.status = 'published' AND p.hidden_at IS NULL
        AND a.occurred_at >= make_timestamptz((SELECT min(y) FROM unnest(keys_year) AS y), 1, 1, 0, 0, 0, 'UTC')
        AND a.occurred_at < make_timestamptz((SELECT max(y) FROM unnest(keys_year) AS y) + 1, 1, 1, 0, 0, 0, 'UTC')
    ) AS s
    WHERE EXISTS (SELECT 1 FROM unnest(keys_year, keys_technique, keys_chain) AS k(year, technique, chain)
      WHERE k.year = s.year AND k.technique IS NOT DISTINCT FROM s.technique AND k.chain IS NOT DISTINCT FROM s.chain)
    GROUP BY s.year, s.technique, s.chain, CUBE (s.type, s.origin, s.has_returned, s.category);
END $$;
--> statement-breakpoint
CREATE FUNCTION security_alerts_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ys integer[];
  ts text[];
  cs text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.year), array_agg(k.technique), array_agg(k.chain) INTO ys, ts, cs FROM (
      SELECT DISTINCT extract(year FROM occurred_at AT TIME ZONE 'UTC')::integer AS year, technique, chain FROM new_rows) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.year), array_agg(k.technique), array_agg(k.chain) INTO ys, ts, cs FROM (
      SELECT DISTINCT extract(year FROM occurred_at AT TIME ZONE 'UTC')::integer AS year, technique, chain FROM old_rows) AS k;
  ELSE
    SELECT array_agg(k.year), array_agg(k.technique), array_agg(k.chain) INTO ys, ts, cs FROM (
      SELECT extract(year FROM occurred_at AT TIME ZONE 'UTC')::integer AS year, technique, chain FROM old_rows
      UNION
      SELECT extract(year FROM occurred_at AT TIME ZONE 'UTC')::integer, technique, chain FROM new_rows) AS k;
  END IF;
  PERFORM alert_totals_refresh(ys, ts, cs);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER security_alerts_totals_insert AFTER INSERT ON security_alerts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_alerts_totals_changed();
--> statement-breakpoint
CREATE TRIGGER security_alerts_totals_update AFTER UPDATE ON security_alerts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_alerts_totals_changed();
--> statement-breakpoint
CREATE TRIGGER security_alerts_totals_delete AFTER DELETE ON security_alerts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_alerts_totals_changed();
--> statement-breakpoint
CREATE FUNCTION security_alerts_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER security_alerts_totals_truncate AFTER TRUNCATE ON security_alerts FOR EACH STATEMENT EXECUTE FUNCTION security_alerts_totals_truncated();
--> statement-breakpoint
-- A project's category and visibility are dimensions of the totals: when either changes, its alerts' groups are summed again.
CREATE FUNCTION projects_alert_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ys integer[];
  ts text[];
  cs text[];
BEGIN
  SELECT array_agg(k.year), array_agg(k.technique), array_agg(k.chain) INTO ys, ts, cs FROM (
    SELECT DISTINCT extract(year FROM a.occurred_at AT TIME ZONE 'UTC')::integer AS year, a.technique, a.chain
    FROM security_alerts AS a
    WHERE a.project_id IN (
      SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE n.category IS DISTINCT FROM o.category OR (n.hidden_at IS NULL) <> (o.hidden_at IS NULL))) AS k;
  PERFORM alert_totals_refresh(ys, ts, cs);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_alert_totals_update AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_alert_totals_changed();
--> statement-breakpoint
-- Existing alerts: every group summed once.
SELECT alert_totals_refresh(array_agg(k.year), array_agg(k.technique), array_agg(k.chain)) FROM (
  SELECT DISTINCT extract(year FROM occurred_at AT TIME ZONE 'UTC')::integer AS year, technique, chain FROM security_alerts) AS k;
