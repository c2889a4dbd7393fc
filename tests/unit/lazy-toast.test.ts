import { describe, expect, it, vi } from 'vitest';

const { sonnerToast } = vi.hoisted(() => ({ sonnerToast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast: sonnerToast }));

import { isToasterWanted, subscribeToasterWanted, toast, toasterMounted } from '@/components/chrome/toast';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toasts before the toast area is loaded', () => {
  it('asks for the area, holds the messages until it listens, then shows them in order', async () => {
    const wanted = vi.fn();
    const unsubscribe = subscribeToasterWanted(wanted);
    expect(isToasterWanted()).toBe(false);

    toast.success('Saved.');
    toast.error('Could not save.');
    expect(isToasterWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    await settle();
    expect(sonnerToast.success).not.toHaveBeenCalled();
    expect(sonnerToast.error).not.toHaveBeenCalled();

    toasterMounted();
    await vi.waitFor(() => {
      expect(sonnerToast.success).toHaveBeenCalledWith('Saved.');
      expect(sonnerToast.error).toHaveBeenCalledWith('Could not save.');
    });
    expect(sonnerToast.success.mock.invocationCallOrder[0]).toBeLessThan(sonnerToast.error.mock.invocationCallOrder[0]);

    toast.success('Again.');
    await vi.waitFor(() => expect(sonnerToast.success).toHaveBeenLastCalledWith('Again.'));
    expect(wanted).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
