import { describe, expect, it, vi } from 'vitest';
import { refreshWithChoice, renderEnvList } from './colouring-plugin';

describe('colouring plugin', () => {
  it('lists environments with the stored one checked, escaping names', () => {
    const html = renderEnvList(
      [
        { name: 'feature-a', c_name: '功能A' },
        { name: 'x"<b>', c_name: '<i>' },
      ],
      'feature-a',
    );
    expect(html).toContain('value="feature-a" checked');
    expect(html).toContain('&#60;i&#62;');
    expect(html).not.toContain('<i>');
  });

  it('alerts the spec text when nothing is chosen, and does not reload', () => {
    const effects = { alert: vi.fn(), store: vi.fn(), reload: vi.fn() };
    refreshWithChoice(null, effects);
    expect(effects.alert).toHaveBeenCalledWith('请选择染色环境');
    expect(effects.reload).not.toHaveBeenCalled();
  });

  it('stores the choice, then reloads', () => {
    const effects = { alert: vi.fn(), store: vi.fn(), reload: vi.fn() };
    refreshWithChoice('feature-a', effects);
    expect(effects.store).toHaveBeenCalledWith('feature-a');
    expect(effects.reload).toHaveBeenCalledOnce();
    expect(effects.alert).not.toHaveBeenCalled();
  });
});
