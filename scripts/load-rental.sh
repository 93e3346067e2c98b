#!/usr/bin/env bash
# Loads Rentwise, the car-rental database of the third accuracy suite (test/fixtures/rental/rental.sql: an operational
# schema with abbreviated names, codes for statuses and channels, UTC timestamps and money in EUR; its data dictionary
# is test/fixtures/rental/README.md) into RENTAL_DATABASE_URL (default: database baton_rental on the DATABASE_URL
# server), then checks catalogs/rental.yaml against it. See scripts/load-fixture-db.sh.
exec bash "$(dirname "${BASH_SOURCE[0]}")/load-fixture-db.sh" rental baton_rental rental 35154
