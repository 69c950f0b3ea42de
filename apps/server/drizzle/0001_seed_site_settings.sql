INSERT INTO "site_settings" ("setting_name", "site_name") VALUES ('default', 'Plugs & Rugs') ON CONFLICT DO NOTHING;
