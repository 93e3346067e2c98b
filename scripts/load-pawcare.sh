#!/usr/bin/env bash
# Loads PawCare, a chain of 8 veterinary clinics in Berlin, Potsdam, Hamburg and Munich (test/fixtures/pawcare/pawcare.sql:
# appointments with status codes and soft-deleted duplicates, invoices with voided versions and soft-deleted lines,
# payments and partial refunds in a table of their own, test and internal clients, integer euro cents, timestamptz
# instants with the clinics on Europe/Berlin time; its data dictionary is test/fixtures/pawcare/README.md) into
# PAWCARE_DATABASE_URL (default: database baton_pawcare on the DATABASE_URL server), then checks catalogs/pawcare.yaml
# against it. See scripts/load-fixture-db.sh.
exec bash "$(dirname "${BASH_SOURCE[0]}")/load-fixture-db.sh" pawcare baton_pawcare appt 31572
