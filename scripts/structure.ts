/**
 * npm run structure: the shape of src/ as numbers — files and lines per folder, the files over the line limit, the
 * functions over the length limit, import edges between folders, and imports of src/workflows from outside it.
 * `--json` prints the same as one object. Read by test/unit/structure.test.ts, which holds the limits.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

export interface Structure {
  files: number;
  lines: number;
  folders: Record<string, { files: number; lines: number }>;
  longFiles: { file: string; lines: number }[];
  longFunctions: { file: string; name: string; lines: number }[];
  importEdges: number;
  folderEdges: Record<string, string[]>;
  workflowImportsFromOutside: string[];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return d.name.endsWith('.ts') ? [p] : [];
  });
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

export function measure(root: string): Structure {
  const src = path.join(root, 'src');
  const result: Structure = {
    files: 0,
    lines: 0,
    folders: {},
    longFiles: [],
    longFunctions: [],
    importEdges: 0,
    folderEdges: {},
    workflowImportsFromOutside: [],
  };
  for (const file of sourceFiles(src).sort()) {
    const rel = path.relative(root, file);
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const folder = path.dirname(rel);
    result.files += 1;
    result.lines += lines;
    const f = (result.folders[folder] ??= { files: 0, lines: 0 });
    f.files += 1;
    f.lines += lines;
    if (lines > MAX_FILE_LINES) result.longFiles.push({ file: rel, lines });
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > MAX_FUNCTION_LINES)
          result.longFunctions.push({ file: rel, name: functionName(node), lines: end - start + 1 });
      }
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const spec = node.moduleSpecifier.text;
        if (spec.startsWith('.')) {
          result.importEdges += 1;
          const target = path.relative(root, path.resolve(path.dirname(file), spec));
          const targetFolder =
            fs.existsSync(path.join(root, target)) && fs.statSync(path.join(root, target)).isDirectory() ? target : path.dirname(target);
          if (targetFolder !== folder) {
            const edges = (result.folderEdges[folder] ??= []);
            if (!edges.includes(targetFolder)) edges.push(targetFolder);
          }
          const typeOnly = ts.isImportDeclaration(node) && node.importClause?.isTypeOnly === true;
          if (!typeOnly && target.startsWith(path.join('src', 'workflows')) && !rel.startsWith(path.join('src', 'workflows')))
            result.workflowImportsFromOutside.push(`${rel} → ${target}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return result;
}

if (require.main === module) {
  const root = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
  const s = measure(root);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(s, null, 2));
  } else {
    console.log(`src/: ${s.files} files, ${s.lines} lines, ${s.importEdges} relative imports`);
    for (const [folder, f] of Object.entries(s.folders))
      console.log(
        `  ${folder.padEnd(28)} ${String(f.files).padStart(3)} files ${String(f.lines).padStart(6)} lines  → ${(s.folderEdges[folder] ?? []).length} folders`,
      );
    console.log(`files over ${MAX_FILE_LINES} lines: ${s.longFiles.length}`);
    for (const f of s.longFiles) console.log(`  ${f.file} ${f.lines}`);
    console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${s.longFunctions.length}`);
    for (const f of s.longFunctions) console.log(`  ${f.file} ${f.name} ${f.lines}`);
    console.log(`imports of src/workflows from outside it: ${s.workflowImportsFromOutside.length}`);
    for (const w of s.workflowImportsFromOutside) console.log(`  ${w}`);
  }
}
