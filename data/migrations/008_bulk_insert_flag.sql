-- A bulk import maintains the side tables of the rows it inserts once per batch instead of once per
-- row (backend/src/db/bulk-insert-triggers.ts). It used to drop the three per-row AFTER INSERT
-- triggers inside each batch's transaction and create them again before the commit; every such
-- schema change made SQLite prepare again each statement the batch used (~3 ms per batch for the
-- counts statement alone). Instead the triggers now stand aside while this table holds a row: the
-- importer inserts that row at the start of a batch's transaction and deletes it before the
-- commit, so no other connection ever sees it (they cannot write meanwhile, and read the last
-- commit), and a crash rolls it back with the batch.
CREATE TABLE bulk_insert_batch (
  id INTEGER PRIMARY KEY CHECK (id = 1)
);

DROP TRIGGER businesses_logged_insert;
CREATE TRIGGER businesses_logged_insert AFTER INSERT ON businesses
  WHEN NOT EXISTS (SELECT 1 FROM bulk_insert_batch)
BEGIN
  INSERT INTO change_log (business_id) VALUES (new.id);
END;

DROP TRIGGER businesses_admin_insert;
CREATE TRIGGER businesses_admin_insert AFTER INSERT ON businesses
  WHEN NOT EXISTS (SELECT 1 FROM bulk_insert_batch)
BEGIN
  INSERT INTO businesses_name_fts (rowid, name) VALUES (new.id, new.name);
  INSERT INTO business_counts (dimension, value, n)
    SELECT dimension, value, 1 FROM (
      SELECT 'all' AS dimension, '' AS value
      UNION ALL SELECT 'approved', '' WHERE new.is_approved = 1
      UNION ALL SELECT 'demo', '' WHERE new.is_demo = 1
      UNION ALL SELECT 'category', new.category WHERE coalesce(trim(new.category), '') <> ''
      UNION ALL SELECT 'country', new.country_code WHERE new.country_code IS NOT NULL
      UNION ALL SELECT 'city', coalesce(new.country_code, '') || '|' || new.city WHERE coalesce(trim(new.city), '') <> ''
    ) WHERE true
    ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1;
END;

DROP TRIGGER businesses_missing_insert;
CREATE TRIGGER businesses_missing_insert AFTER INSERT ON businesses
  WHEN NOT EXISTS (SELECT 1 FROM bulk_insert_batch)
BEGIN
  UPDATE business_counts SET n = n + 1 WHERE dimension = 'missing' AND value IN (
    SELECT 'phone' WHERE coalesce(trim(new.phone), '') = ''
    UNION ALL SELECT 'coordinates' WHERE new.latitude IS NULL OR new.longitude IS NULL
    UNION ALL SELECT 'hours' WHERE new.working_hours IS NULL OR new.working_hours IN ('{}', 'null')
    UNION ALL SELECT 'photo' WHERE coalesce(trim(new.photo), '') = ''
  );
END;
