-- Each audit-log entry's detail by code beside its English words, so the admin screens word it in
-- Turkish (backend/src/shared/audit-details.ts): the code and its parameters as JSON. Entries
-- stored before keep NULL here and are shown with their English words.
ALTER TABLE audit_log ADD COLUMN detail_code TEXT;
ALTER TABLE audit_log ADD COLUMN detail_params TEXT CHECK (detail_params IS NULL OR json_valid(detail_params));
