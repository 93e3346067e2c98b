/**
 * Skills: skills/<name>/SKILL.md, Markdown with YAML front matter (name,
 * description, allowed-tools). Only the catalog (name and one line each) enters an
 * agent's system prompt; the agent loads a skill's full text with the load_skill
 * tool when it needs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { PROJECT_ROOT } from '../settings/config';

const FrontMatter = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/, 'a skill name is lower-case words joined by hyphens'),
  description: z.string().min(1),
  'allowed-tools': z.array(z.string()).default([]),
});

export interface Skill {
  name: string;
  description: string;
  allowedTools: string[];
  body: string;
}

let cached: Skill[] | null = null;

export function loadSkills(dir = path.join(PROJECT_ROOT, 'skills')): Skill[] {
  if (cached && dir === path.join(PROJECT_ROOT, 'skills')) return cached;
  const skills = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((d) => {
      const file = path.join(dir, d.name, 'SKILL.md');
      const text = fs.readFileSync(file, 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${file}: expected front matter between --- lines`);
      const front = FrontMatter.safeParse(parse(match[1] ?? ''));
      if (!front.success)
        throw new Error(`${file}: ${front.error.issues[0]?.path.join('.') ?? ''}: ${front.error.issues[0]?.message ?? 'invalid'}`);
      if (front.data.name !== d.name) throw new Error(`${file}: name "${front.data.name}" does not match its folder "${d.name}"`);
      return {
        name: front.data.name,
        description: front.data.description,
        allowedTools: front.data['allowed-tools'],
        body: (match[2] ?? '').trim(),
      };
    });
  if (dir === path.join(PROJECT_ROOT, 'skills')) cached = skills;
  return skills;
}

/** The lines the system prompt carries: one per skill. */
export function skillCatalog(skills: Skill[]): string {
  return skills.map((s) => `- ${s.name}: ${s.description}`).join('\n');
}
