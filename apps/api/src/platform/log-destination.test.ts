import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination';

/** A stream whose reader has stopped: nothing written is ever acknowledged. */
function stalledOutput() {
  return new Writable({ write: () => undefined });
}

function healthyOutput(lines: string[]) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      setTimeout(done, 5);
    },
  });
}

describe('createLogDestination', () => {
  it('writes every line and flushes once they are written', async () => {
    const lines: string[] = [];
    const destination = createLogDestination(healthyOutput(lines));
    destination.write('{"msg":"one"}\n');
    destination.write('{"msg":"two"}\n');
    await destination.flush(5_000);
    expect(lines.join('')).toBe('{"msg":"one"}\n{"msg":"two"}\n');
    expect(destination.dropped).toBe(0);
  });

  it('gives up flushing after the timeout when the reader has stopped reading', async () => {
    const destination = createLogDestination(stalledOutput());
    destination.write('{"msg":"stuck"}\n');
    const started = Date.now();
    await destination.flush(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('drops lines rather than holding more than its limit in memory while the reader is stalled', () => {
    const output = stalledOutput();
    const destination = createLogDestination(output, 1_000);
    const line = `${'x'.repeat(99)}\n`;
    for (let n = 0; n < 50; n++) destination.write(line);
    expect(output.writableLength).toBeLessThanOrEqual(1_100);
    expect(destination.dropped).toBe(50 - output.writableLength / line.length);
    expect(destination.dropped).toBeGreaterThan(30);
  });
});
