/** What the server prints at start about its mode (issue 20 part 1): one line, the mode and why. */
import { join } from 'node:path';
import type { Config } from './config.ts';
import { KEY_FILE } from './signingKey.ts';

/** The one line that says which mode the server is in and why (docs/security.md). */
export function modeLine(config: Config): string {
  const key =
    config.keySource === 'env'
      ? 'ключ подписи из JWT_SECRET'
      : `ключ подписи ${config.keySource === 'created' ? 'создан' : 'прочитан'}: ${join(config.dataDir, KEY_FILE)}`;
  if (config.env === 'production') {
    return `Режим: production (NODE_ENV=production), слушает ${config.host}: outbox закрыт, демо-данные не создаются, ${key}`;
  }
  if (config.exposed) {
    return `Режим: демо, открыт для сети (HOST=${config.host}): outbox закрыт, демо-пароль не действует, ${key}`;
  }
  return `Режим: демо (NODE_ENV не production), только для этого компьютера (${config.host}; HOST откроет для сети): outbox открыт на /dev/outbox, ${key}`;
}
