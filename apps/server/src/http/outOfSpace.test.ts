import { describe, expect, it } from 'vitest';
import { FileJobError } from '../files/filePool.ts';
import { isOutOfSpace, outOfSpace } from './outOfSpace.ts';

describe('isOutOfSpace', () => {
  it('knows a full, over-quota or read-only disk, also wrapped or from a file worker', () => {
    const full = Object.assign(new Error('write failed'), { code: 'ENOSPC' });
    expect(isOutOfSpace(full)).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error('x'), { code: 'EROFS' }))).toBe(true);
    expect(isOutOfSpace(new Error('report not stored', { cause: { code: 'EDQUOT' } }))).toBe(true);
    expect(isOutOfSpace(new FileJobError({ name: 'Error', message: 'w', code: 'ENOSPC' }))).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(false);
    expect(isOutOfSpace('ENOSPC')).toBe(false);
    expect(outOfSpace()).toMatchObject({
      statusCode: 507,
      message:
        'На сервере закончилось место для файлов. Повторите загрузку позже или обратитесь в техническую поддержку',
    });
  });
});
