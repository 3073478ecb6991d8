-- How many rows a running import will have written at its end, estimated at each committed batch
-- from the share of its file read so far. The server's index sync leaves an import's rows to the
-- rebuild that ends it once it will pass the rebuild threshold, not only once it has: applying its
-- first rows a batch at a time was work the rebuild throws away.
ALTER TABLE upload_reports ADD COLUMN expected_rows INTEGER;
