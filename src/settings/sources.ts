/** Resolves which catalog and database an agent works on: the run's own, or the worker's defaults. */
import { loadCatalog, type Catalog } from '../catalog/catalog';
import { loadConfig } from './config';

export function catalogFor(catalogPath: string | undefined): Catalog {
  return loadCatalog(catalogPath ?? loadConfig().catalogPath);
}

export function databaseFor(databaseUrl: string | undefined): string {
  return databaseUrl ?? loadConfig().databaseUrl;
}
