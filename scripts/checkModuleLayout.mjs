#!/usr/bin/env node
/**
 * The module layout of docs/decisions/0260, kept by a check rather than by eye: at the root of every server module
 * (apps/server/src/modules/<module>/) a file is named `<name>.<role>.ts` with one of the seven roles (or its
 * `.test.ts`); anything else belongs in a subfolder named for its work. Prints each offender and exits 1.
 * Run by `npm run lint`; apps/server/test/moduleLayout.test.ts checks it.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'apps/server/src/modules');

const ROLES = ['routes', 'queries', 'service', 'policy', 'presenter', 'live', 'messages'];

const ROOT_FILE = new RegExp(`^[a-z][a-zA-Z0-9]*\\.(?:${ROLES.join('|')})(?:\\.test)?\\.ts$`);

/** The files at a module's root whose names break the rule, as `<module>/<file>`. */
export function checkModuleLayout(modulesDir = MODULES) {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((module) =>
      readdirSync(join(modulesDir, module.name), { withFileTypes: true })
        .filter((entry) => entry.isFile() && !ROOT_FILE.test(entry.name))
        .map((entry) => `${module.name}/${entry.name}`),
    )
    .sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const offenders = checkModuleLayout(process.argv[2] ? resolve(process.argv[2]) : MODULES);
  if (offenders.length > 0) {
    for (const path of offenders) console.error(`apps/server/src/modules/${path}`);
    console.error(
      `\n${offenders.length} file(s) at a module's root without one of the roles ${ROLES.join(', ')}: name it ` +
        '<name>.<role>.ts or move it into a subfolder named for its work (docs/decisions/0260).',
    );
    process.exit(1);
  }
}
