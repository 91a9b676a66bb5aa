-- The nodes of a site and when each was last heard of: a node writes its row at every
-- renewal of its leases, and the others forget the connections of a node not heard of for a
-- while (it was killed). Rows of nodes gone a day are deleted.

CREATE TABLE site_nodes (
    node     TEXT PRIMARY KEY,
    seen_ms  INTEGER NOT NULL
);
