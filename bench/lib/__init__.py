"""bench/lib - shared pieces of pressdb's benchmark harness (servers, client, statistics, reports)."""
