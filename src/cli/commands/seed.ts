/** `baton seed`: (re)load the deterministic demo shop into PostgreSQL. */
import pc from 'picocolors';
import { redactUrl, todayIn } from '../../settings/config';
import { seedMonths } from '../../seed/calendar';
import { readManifest, seedDatabase } from '../../seed/load';
import { MAX_SCALE } from '../../seed/scale';
import { parsePlantWeeks } from '../../seed/plant';
import { ensureSystemSchema } from '../../storage/db';
import { config } from '../context';
import { fixed } from '../../format/numbers';

export async function seed(opts: {
  databaseUrl?: string;
  anchorDate?: string;
  ifStale?: boolean;
  scale?: string;
  plantChange?: string;
}): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  const anchor = opts.anchorDate ?? todayIn(config.timeZone);
  const scale = Number(opts.scale ?? '1');
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE)
    throw new Error(
      `--scale takes a whole number from 1 to ${MAX_SCALE} (1 is the demo shop, 100 about 7.5 million orders), not "${opts.scale}"`,
    );
  const plantWeeks = opts.plantChange === undefined ? [] : parsePlantWeeks(opts.plantChange);
  if (opts.ifStale && plantWeeks.length === 0) {
    await ensureSystemSchema(databaseUrl);
    const current = await readManifest(databaseUrl);
    if (current && current.last_month === seedMonths(anchor).at(-1)?.key && (current.scale?.factor ?? 1) === scale) {
      console.log(
        `data in ${redactUrl(databaseUrl)} is current (ends ${current.last_month}, ${current.counts.orders} orders${scale > 1 ? `, scale ${scale}` : ''}); not reseeded`,
      );
      return;
    }
  }
  // Progress lines only for a person watching a terminal, or always for a large seed (minutes at --scale 100).
  const onProgress = process.stderr.isTTY || scale > 1 ? (m: string) => process.stderr.write(pc.dim(`  ${m}\n`)) : undefined;
  const { manifest, elapsedMs } = await seedDatabase(databaseUrl, anchor, onProgress, { scale, plantWeeks });
  console.log(`seeded ${redactUrl(databaseUrl)}${scale > 1 ? ` at scale ${scale}` : ''} in ${fixed(elapsedMs / 1000, 1)} s`);
  console.log(
    `  ${manifest.counts.users} users, ${manifest.counts.orders} orders, ${manifest.counts.categories} categories, ${manifest.first_month} to ${manifest.last_month}`,
  );
  console.log(
    `  dirty rows: ${manifest.dirty.negative_amount.count} negative amounts, ${manifest.dirty.null_pay_time.count} paid orders without pay time, ${manifest.dirty.missing_category.count} without category`,
  );
  const east = manifest.signals.east_repurchase_drop;
  console.log(
    `  planted: 华东 repurchase rate ${east.repurchase_rate.previous} → ${east.repurchase_rate.last} in ${east.month} (new-customer conversion ${east.new_customer_conversion.previous} → ${east.new_customer_conversion.last})`,
  );
  for (const w of manifest.planted_changes?.weeks ?? [])
    console.log(`  planted change: ${manifest.planted_changes?.region ?? ''} GMV ${w.direction} in ${w.week} (${w.start} to ${w.end})`);
}
