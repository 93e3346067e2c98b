/** Catalog agent: tells the workflow which metrics and dimensions exist, so it can check plans without reading files. */
import { defineAgent } from '../agents/contract';
import { catalogIndex } from '../catalog/sql';
import { CatalogIndex } from '../contracts';
import { catalogFor } from '../settings/sources';
import { z } from 'zod';

export const describeCatalog = defineAgent({
  name: 'catalog',
  input: z.object({ catalogPath: z.string().optional() }),
  output: CatalogIndex,
  run: ({ catalogPath }) => catalogIndex(catalogFor(catalogPath)),
});
