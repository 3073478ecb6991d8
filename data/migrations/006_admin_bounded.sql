-- The admin area at a million businesses, bounded per request:
-- 1. the name search table gets prefix indexes of 1, 2 and 3 characters, so a short last word
--    ("pizza 4" asks for "4"*) reads one prebuilt doclist instead of merging every term that
--    starts with it;
-- 2. the content report's missing-field counts are kept in business_counts by triggers (dimension
--    'missing', values phone / coordinates / hours / photo), so the report no longer scans the table.

DROP TABLE businesses_name_fts;
CREATE VIRTUAL TABLE businesses_name_fts USING fts5 (
  name, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
INSERT INTO businesses_name_fts (rowid, name) SELECT id, name FROM businesses;

-- What "missing" means for each field (the same tests as the report's former scan).
INSERT OR REPLACE INTO business_counts (dimension, value, n)
  SELECT 'missing', 'phone', count(*) FROM businesses WHERE coalesce(trim(phone), '') = '';
INSERT OR REPLACE INTO business_counts (dimension, value, n)
  SELECT 'missing', 'coordinates', count(*) FROM businesses WHERE latitude IS NULL OR longitude IS NULL;
INSERT OR REPLACE INTO business_counts (dimension, value, n)
  SELECT 'missing', 'hours', count(*) FROM businesses WHERE working_hours IS NULL OR working_hours IN ('{}', 'null');
INSERT OR REPLACE INTO business_counts (dimension, value, n)
  SELECT 'missing', 'photo', count(*) FROM businesses WHERE coalesce(trim(photo), '') = '';

CREATE TRIGGER businesses_missing_insert AFTER INSERT ON businesses
BEGIN
  UPDATE business_counts SET n = n + 1 WHERE dimension = 'missing' AND value IN (
    SELECT 'phone' WHERE coalesce(trim(new.phone), '') = ''
    UNION ALL SELECT 'coordinates' WHERE new.latitude IS NULL OR new.longitude IS NULL
    UNION ALL SELECT 'hours' WHERE new.working_hours IS NULL OR new.working_hours IN ('{}', 'null')
    UNION ALL SELECT 'photo' WHERE coalesce(trim(new.photo), '') = ''
  );
END;

CREATE TRIGGER businesses_missing_delete AFTER DELETE ON businesses
BEGIN
  UPDATE business_counts SET n = n - 1 WHERE dimension = 'missing' AND value IN (
    SELECT 'phone' WHERE coalesce(trim(old.phone), '') = ''
    UNION ALL SELECT 'coordinates' WHERE old.latitude IS NULL OR old.longitude IS NULL
    UNION ALL SELECT 'hours' WHERE old.working_hours IS NULL OR old.working_hours IN ('{}', 'null')
    UNION ALL SELECT 'photo' WHERE coalesce(trim(old.photo), '') = ''
  );
END;

CREATE TRIGGER businesses_missing_update AFTER UPDATE OF phone, latitude, longitude, working_hours, photo ON businesses
BEGIN
  UPDATE business_counts SET n = n - 1 WHERE dimension = 'missing' AND value IN (
    SELECT 'phone' WHERE coalesce(trim(old.phone), '') = ''
    UNION ALL SELECT 'coordinates' WHERE old.latitude IS NULL OR old.longitude IS NULL
    UNION ALL SELECT 'hours' WHERE old.working_hours IS NULL OR old.working_hours IN ('{}', 'null')
    UNION ALL SELECT 'photo' WHERE coalesce(trim(old.photo), '') = ''
  );
  UPDATE business_counts SET n = n + 1 WHERE dimension = 'missing' AND value IN (
    SELECT 'phone' WHERE coalesce(trim(new.phone), '') = ''
    UNION ALL SELECT 'coordinates' WHERE new.latitude IS NULL OR new.longitude IS NULL
    UNION ALL SELECT 'hours' WHERE new.working_hours IS NULL OR new.working_hours IN ('{}', 'null')
    UNION ALL SELECT 'photo' WHERE coalesce(trim(new.photo), '') = ''
  );
END;
