import { describe, expect, it, vi } from 'vitest';
import { createRiskGate } from './risk-gate';

describe('createRiskGate', () => {
  it('shares one in-flight challenge among all callers, with the first caller’s info', async () => {
    let pass: (session: string) => void = () => undefined;
    const challenge = vi.fn((_info: string) => new Promise<string>((resolve) => (pass = resolve)));
    const gate = createRiskGate(challenge);
    const waits = [gate.pass('a'), gate.pass('b'), gate.pass('c')];
    expect(gate.pending).toBe(true);
    await vi.waitFor(() => expect(challenge).toHaveBeenCalled());
    pass('s1');
    expect(await Promise.all(waits)).toEqual(['s1', 's1', 's1']);
    expect(challenge).toHaveBeenCalledExactlyOnceWith('a');
    expect(gate.pending).toBe(false);
  });

  it('rejects every waiter with the challenge error, then opens again', async () => {
    const challenge = vi.fn(async (info: number) => {
      if (info === 1) throw new Error('closed');
      return 'ok';
    });
    const gate = createRiskGate(challenge);
    const waits = [gate.pass(1), gate.pass(2)].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(waits)).toEqual(['closed', 'closed']);
    expect(gate.pending).toBe(false);
    expect(await gate.pass(2)).toBe('ok');
    expect(challenge).toHaveBeenCalledTimes(2);
  });

  it('turns a synchronous throw into a rejection', async () => {
    const gate = createRiskGate<void>(() => {
      throw new Error('no sdk');
    });
    await expect(gate.pass()).rejects.toThrow('no sdk');
  });
});
