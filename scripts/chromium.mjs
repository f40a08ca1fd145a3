// Finds the Chromium that browser tests drive: CHROMIUM_PATH, else Debian's headless shell (package
// chromium-headless-shell: the same engine built for headless use only, what Playwright itself runs headless by
// default; a sixth less CPU per journey here, decisions/0271), else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}
