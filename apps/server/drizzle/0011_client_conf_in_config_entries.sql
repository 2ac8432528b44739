-- Issue 12 point 6: a project's client-conf becomes its config-centre entry `client-conf`, so the
-- config client reads it like any document ({hash} call, static configCenter file). Its hash is
-- the first 10 hex digits of md5('{project}/client-conf/config'), as the internal write makes it.
INSERT INTO "config_entries" ("hash", "project_name", "key", "type", "value")
SELECT substr(md5("project" || '/client-conf/config'), 1, 10), "project", 'client-conf', 'config', jsonb_object_agg("key", "value")
FROM "client_conf" GROUP BY "project"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "client_conf" CASCADE;
