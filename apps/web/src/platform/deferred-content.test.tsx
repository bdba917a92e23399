import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test gets the module afresh: whether the first screen was marked is kept at module level.
async function loadModule() {
  vi.resetModules();
  return import('./deferred-content');
}

describe('DeferredContent', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen, then for the browser to be idle, before it renders its content', async () => {
    vi.useFakeTimers();
    const { DeferredContent, markFirstScreenRendered, PAGE_SETTLED_MARK } = await loadModule();
    const marks = vi.spyOn(performance, 'mark');
    const settled = vi.fn();
    window.addEventListener(PAGE_SETTLED_MARK, settled);
    render(<DeferredContent placeholder={<p>placeholder</p>}>{<p>content</p>}</DeferredContent>);
    // The layout rendered before the screen's code loaded: however idle the browser is, nothing loads yet.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('content')).toBeNull();
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(marks).not.toHaveBeenCalledWith(PAGE_SETTLED_MARK);
    expect(settled).not.toHaveBeenCalled();

    act(() => markFirstScreenRendered());
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText('content')).toBeTruthy();
    // The browser tests wait for this mark rather than for a guessed quiet time.
    expect(marks.mock.calls.filter(([name]) => name === PAGE_SETTLED_MARK)).toHaveLength(1);
    expect(settled).toHaveBeenCalledOnce();
    marks.mockRestore();
    window.removeEventListener(PAGE_SETTLED_MARK, settled);
  });

  it('renders at once what mounts after the page has settled (a later navigation)', async () => {
    vi.useFakeTimers();
    const { DeferredContent, markFirstScreenRendered } = await loadModule();
    markFirstScreenRendered();
    const first = render(<DeferredContent placeholder={<p>placeholder</p>}>{<p>first</p>}</DeferredContent>);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText('first')).toBeTruthy();
    first.unmount();
    render(<DeferredContent placeholder={<p>placeholder</p>}>{<p>later</p>}</DeferredContent>);
    expect(screen.getByText('later')).toBeTruthy();
  });
});
