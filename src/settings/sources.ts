/** Resolves which catalog and database an agent works on: the run's own, or the worker's defaults. */
import { loadCatalog, type Catalog } from '../catalog/catalog';
import { resolveTimeFieldTypes } from '../catalog/time-types';
import { loadConfig } from './config';

export function catalogFor(catalogPath: string | undefined): Catalog {
  return loadCatalog(catalogPath ?? loadConfig().catalogPath);
}

export function databaseFor(databaseUrl: string | undefined): string {
  return databaseUrl ?? loadConfig().databaseUrl;
}

/** The run's catalog with every time field's type known: read from its database where the catalog leaves it out. */
export function catalogWithTypesFor(catalogPath: string | undefined, databaseUrl: string | undefined): Promise<Catalog> {
  return resolveTimeFieldTypes(catalogFor(catalogPath), databaseFor(databaseUrl));
}
