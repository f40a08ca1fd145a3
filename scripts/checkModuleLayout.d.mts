/** Types of scripts/checkModuleLayout.mjs for the tests that import it. */
export function checkModuleLayout(modulesDir?: string): string[];
