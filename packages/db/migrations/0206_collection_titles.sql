-- C-19 (decision 0140): `collection title` conditions. A collection kept because a title condition
-- can be decided by it keeps its title, which the order pipeline gives the lines of its products.
alter table collection_refreshes add column title text;
