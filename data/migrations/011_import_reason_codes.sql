-- Each import reason by code beside its English words, so the admin screens and the errors CSV
-- word it in Turkish (backend/src/shared/import-reasons.ts): a report row's code and its
-- parameters as JSON, and a failed or interrupted report's. Rows and reports stored before keep
-- NULL here and are shown with their English words.
ALTER TABLE upload_report_rows ADD COLUMN code TEXT;
ALTER TABLE upload_report_rows ADD COLUMN params TEXT CHECK (params IS NULL OR json_valid(params));
ALTER TABLE upload_reports ADD COLUMN message_code TEXT;
ALTER TABLE upload_reports ADD COLUMN message_params TEXT CHECK (message_params IS NULL OR json_valid(message_params));
