import { describe, expect, it, vi } from 'vitest';
import { idleModule } from './idleModule.ts';

describe('idleModule on interaction', () => {
  it('fetches nothing while the page is only looked at, and the module on the first pointer move', async () => {
    const importer = vi.fn(async () => 'tooltip');
    const module = idleModule(importer);
    const arrived = vi.fn();
    module.subscribe(arrived);

    module.loadOnInteraction();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importer).not.toHaveBeenCalled();
    expect(module.current()).toBeNull();

    window.dispatchEvent(new Event('pointermove'));
    await vi.waitFor(() => expect(module.current()).toBe('tooltip'));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(arrived).toHaveBeenCalledTimes(1);

    // After the first interaction, a module asked for on interaction comes at once.
    const later = idleModule(async () => 'snackbars');
    later.loadOnInteraction();
    await vi.waitFor(() => expect(later.current()).toBe('snackbars'));
  });
});
