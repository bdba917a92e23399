import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_RECORDING_MAX_RETRIES, SESSION_RECORDING_RETRY_MS } from '@tendly/domain/constants';
import { identifySessionRecordingUser, loadSessionRecorder } from './session-recording';

const user = { id: 'user-1', role: 'CS' } as const;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // The spy on setTimeout wraps the fake one: put it back first, or the real timers come back
  // with the spy (and the fake inside it) still in place for the worker's next file.
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete window.hj;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('session recording identification', () => {
  it('identifies the user at once when the recorder is already on the page', () => {
    const hj = vi.fn();
    window.hj = hj;
    identifySessionRecordingUser({ sessionRecordingId: '123' }, user);
    expect(hj).toHaveBeenCalledWith('identify', 'user-1', { role: 'CS' });
  });

  it('retries every second until the recorder arrives', () => {
    const hj = vi.fn();
    identifySessionRecordingUser({ sessionRecordingId: '123' }, user);
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS * 4);
    expect(hj).not.toHaveBeenCalled();
    window.hj = hj;
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS - 1);
    expect(hj).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hj).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS * 10);
    expect(hj).toHaveBeenCalledTimes(1);
  });

  it(`gives up after ${SESSION_RECORDING_MAX_RETRIES} tries`, () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    identifySessionRecordingUser({ sessionRecordingId: '123' }, user);
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS * (SESSION_RECORDING_MAX_RETRIES + 5));
    // The first try runs at once; 29 more are scheduled a second apart.
    expect(setTimeoutSpy).toHaveBeenCalledTimes(SESSION_RECORDING_MAX_RETRIES - 1);
    const hj = vi.fn();
    window.hj = hj;
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS * 5);
    expect(hj).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops trying when cancelled', () => {
    const stop = identifySessionRecordingUser({ sessionRecordingId: '123' }, user);
    stop();
    const hj = vi.fn();
    window.hj = hj;
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS * 5);
    expect(hj).not.toHaveBeenCalled();
  });

  it('does nothing, and loads nothing, without a configured id', () => {
    const hj = vi.fn();
    window.hj = hj;
    identifySessionRecordingUser({}, user);
    loadSessionRecorder({});
    vi.advanceTimersByTime(SESSION_RECORDING_RETRY_MS * 40);
    expect(hj).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(document.scripts).toHaveLength(0);
  });

  it('loads the recorder script once when configured', () => {
    loadSessionRecorder({ sessionRecordingId: '123' });
    loadSessionRecorder({ sessionRecordingId: '123' });
    expect(Array.from(document.scripts).map((script) => script.src)).toEqual(['https://static.hotjar.com/c/hotjar-123.js?sv=6']);
  });
});
