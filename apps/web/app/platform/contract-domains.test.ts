import { contract, type EntryName } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { loadEndpoint } from './contract-domains';

describe("the browser's contract, loaded by domain", () => {
  it('finds every entry of the contract table as the same endpoint the whole table holds', async () => {
    const names = Object.entries(contract).flatMap(([domain, calls]) =>
      Object.keys(calls).map((entry) => `${domain}.${entry}` as EntryName),
    );
    expect(names.length).toBeGreaterThan(79);
    for (const name of names) {
      const [domain, entry] = name.split('.') as [keyof typeof contract, string];
      expect(await loadEndpoint(name), name).toBe((contract[domain] as Record<string, unknown>)[entry]);
    }
  });

  it('names an entry no domain has', async () => {
    await expect(loadEndpoint('live.noSuchCall' as EntryName)).rejects.toThrow(
      'no contract entry live.noSuchCall',
    );
    await expect(loadEndpoint('constructor.call' as EntryName)).rejects.toThrow(
      'no contract entry constructor.call',
    );
  });
});
