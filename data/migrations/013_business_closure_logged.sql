-- A business marked temporarily closed, or no longer marked (business_closures, set by an import
-- or an operator), shows otherwise on its page and in search ("open now" leaves it out): the mark
-- counts as a change of the business. Setting or clearing it stamps the business's updated_at,
-- which the change-log trigger carries to the search index, and which names the version its
-- kept page and its sitemap lastmod go by. A row re-imported unchanged but for its mark is
-- thereby still logged. (Refreshing the mark's own updated_at, as every import that says the
-- place is still closed does, changes nothing public: not logged.)
CREATE TRIGGER business_closures_touch_insert AFTER INSERT ON business_closures
BEGIN
  UPDATE businesses SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = new.business_id;
END;
CREATE TRIGGER business_closures_touch_delete AFTER DELETE ON business_closures
BEGIN
  UPDATE businesses SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = old.business_id;
END;
