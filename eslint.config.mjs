// ESLint flat config: type-aware rules for the whole project, and a stricter
// sandbox rule set for workflow code, which must stay deterministic.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tools/**', '.data/**', 'coverage/**', 'eslint.config.mjs', 'jest.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins,
    // no I/O libraries, no wall clock or randomness of its own.
    files: ['src/workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'pg', 'openai', 'yaml'],
              message: 'Workflow code must stay deterministic: do I/O in an activity.',
            },
            {
              group: ['../activities/*', '../storage/*', '../catalog/*', '../model/*', '../seed/*', '../cli/*'],
              allowTypeImports: true,
              message: 'Workflows may only import activity *types*; call activities through proxyActivities.',
            },
            {
              group: ['../activities', '../agents/budgets', '../agents/contract'],
              allowTypeImports: true,
              message: 'Workflows may only import activity *types*; call activities through proxyActivities.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use workflow time (new Date() inside the workflow is deterministic) or pass it in.' },
        { object: 'Math', property: 'random', message: 'Use uuid4() from @temporalio/workflow or pass randomness in from an activity.' },
      ],
    },
  },
  {
    // Workflow code is the workflow's own: the rest of src reaches it by the workflow's type name, its messages
    // (src/contracts/workflow-messages.ts) and its pure helpers' own homes (src/planning, src/agents).
    files: ['src/**/*.ts'],
    ignores: ['src/workflows/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/workflows', '**/workflows/*'],
              allowTypeImports: true,
              message:
                'Nothing outside src/workflows imports workflow code: start workflows by type name, import messages from src/contracts/workflow-messages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
