-- A delivery is written three times: recorded (insert), claimed (lease and attempts), processed
-- (status). The claim changes no indexed column, so it can be a HOT update — but only if the
-- row's page has room, and an append-only table's pages are full. Leaving 40 % of each page free
-- makes the claim a HOT update (no new index entries, the new row version on the same page);
-- the body is TOASTed apart, so the rows themselves are small (decision 0018, profile-backlog).
alter table webhook_deliveries set (fillfactor = 60);
