#!/usr/bin/env bash
# Loads Learnloop, the online-courses marketplace of the fourth accuracy suite (test/fixtures/courses/courses.sql:
# checkout attempts with status codes, partial refunds in a table of their own, test accounts, soft-deleted courses,
# UTC timestamps, USD; its data dictionary is test/fixtures/courses/README.md) into COURSES_DATABASE_URL (default:
# database baton_courses on the DATABASE_URL server), then checks catalogs/courses.yaml against it. See
# scripts/load-fixture-db.sh.
exec bash "$(dirname "${BASH_SOURCE[0]}")/load-fixture-db.sh" courses baton_courses orders 28329
