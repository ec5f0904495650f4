import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onShutdownSignals } from './signals';

afterEach(() => {
  vi.useRealTimers();
});

function signals() {
  const target = new EventEmitter();
  const begin = vi.fn();
  const force = vi.fn();
  onShutdownSignals(begin, force, target);
  const send = (signal: NodeJS.Signals) => target.emit(signal, signal);
  return { begin, force, send };
}

describe('shutdown signals', () => {
  it('begin the shutdown on the first SIGTERM or SIGINT, once', () => {
    const { begin, force, send } = signals();
    send('SIGTERM');
    send('SIGTERM');
    expect(begin).toHaveBeenCalledTimes(1);
    expect(begin).toHaveBeenCalledWith('SIGTERM');
    expect(force).not.toHaveBeenCalled();
  });

  it('never force the exit on a repeated SIGTERM, however late', () => {
    vi.useFakeTimers();
    const { force, send } = signals();
    send('SIGTERM');
    vi.advanceTimersByTime(5_000);
    send('SIGTERM');
    expect(force).not.toHaveBeenCalled();
  });

  it('take a SIGINT within a second of the first as its copy, and a later one as a second Ctrl-C', () => {
    vi.useFakeTimers();
    const { force, send } = signals();
    send('SIGINT');
    vi.advanceTimersByTime(20);
    send('SIGINT');
    expect(force).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_500);
    send('SIGINT');
    expect(force).toHaveBeenCalledTimes(1);
  });
});
