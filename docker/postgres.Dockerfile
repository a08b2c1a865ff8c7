# PostgreSQL 15 with the RUM extension, for docker/compose.yml. With RUM, search reads matches out of
# the index in rank order instead of ranking every match (docs/search.md#plans); the API's migrations
# create the extension and its index where the package is installed (the compose user is a superuser).
# The official image has the PostgreSQL project's apt repository configured, which ships the package.
FROM postgres:15
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15-rum \
 && rm -rf /var/lib/apt/lists/*
