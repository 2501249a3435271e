-- Issue 13, K-07: the tier distribution (members per VIP tier), counted when the rollups are
-- refreshed, so the member analytics read one row instead of counting a million members.
alter table analytics_state add column tier_counts jsonb not null default '[]';
