/**
 * Keeps the web tests asserting with the DOM matchers (setup.ts): `expect(screen.getByText(x)).toBeTruthy()` cannot
 * fail on its own (getBy throws first, and any element is truthy), and `toBeTruthy()` on a queryBy result says less
 * than `toBeInTheDocument()`. This fails when such an assertion is written again, naming the file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const ARGS = String.raw`\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)`;
/** `expect(<a Testing Library query>)` followed by a truthiness or null check instead of a DOM matcher. */
const WEAK_DOM_ASSERTION = new RegExp(
  String.raw`expect\(\s*(?:await\s+)?(?:within${ARGS}\.|[\w.]+\.)?(?:get|query|find)(?:All)?By\w+${ARGS}\s*,?\s*\)` +
    String.raw`\s*\.(?:not\.)?(?:toBeTruthy|toBeFalsy|toBeNull|toBeDefined|toBeUndefined)\(\)`,
  'g',
);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of each weak assertion in `text`. */
function weakAssertions(file: string, text: string): string[] {
  return [...text.matchAll(WEAK_DOM_ASSERTION)].map(
    (m) => `${file}:${text.slice(0, m.index).split('\n').length}`,
  );
}

describe('web test assertions', () => {
  it('recognises the weak forms, on one line or spread over several', () => {
    const weak = [
      "expect(screen.getByText('Да')).toBeTruthy();",
      "expect(await screen.findByRole('button', { name: /Войти/ })).toBeTruthy();",
      "expect(screen.queryByText('Нет')).toBeNull();",
      "expect(\n  within(screen.getByTestId('row')).getByText('Да'),\n).toBeTruthy();",
    ];
    for (const line of weak) expect(weakAssertions('x', line)).toEqual(['x:1']);
    expect(weakAssertions('x', "expect(screen.getByText('Да')).toBeInTheDocument();")).toEqual([]);
    expect(weakAssertions('x', "expect(screen.getByTestId('n').textContent).toBeTruthy();")).toEqual([]);
  });

  it('no test checks a Testing Library query with toBeTruthy, toBeNull or the like', () => {
    const found = testFiles(SRC)
      .filter((path) => path !== import.meta.filename) // its own examples above
      .flatMap((path) => weakAssertions(relative(SRC, path), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});
