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

describe('idleModule during a press', () => {
  it('tells its readers only after a pressed pointer is released and its click dispatched', async () => {
    let resolve: (value: string) => void = () => undefined;
    const module = idleModule(() => new Promise<string>((done) => (resolve = done)));
    const arrived = vi.fn();
    module.subscribe(arrived);
    module.load();

    window.dispatchEvent(new Event('pointerdown'));
    resolve('tooltip');
    await new Promise((done) => setTimeout(done, 20));
    // Swapped now, the element under the pointer would be replaced between the press and the release.
    expect(arrived).not.toHaveBeenCalled();
    expect(module.current()).toBeNull();

    window.dispatchEvent(new Event('pointerup'));
    expect(arrived).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(module.current()).toBe('tooltip'));
    expect(arrived).toHaveBeenCalledTimes(1);
  });
});

describe('idleModule after a press the page never sees end', () => {
  it('tells its readers after two seconds at most', async () => {
    vi.useFakeTimers();
    try {
      const module = idleModule(async () => 'snackbars');
      window.dispatchEvent(new Event('pointerdown'));
      module.load();
      await vi.advanceTimersByTimeAsync(1_900);
      expect(module.current()).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(module.current()).toBe('snackbars');
    } finally {
      vi.useRealTimers();
    }
  });
});
