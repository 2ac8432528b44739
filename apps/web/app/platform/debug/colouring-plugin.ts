import { DEBUG_MESSAGES } from '@h5/core';
import type VConsole from 'vconsole';
import type { LazyApi } from '../../lib/api-client';
import { readFlowType, writeFlowType } from '../../lib/flow-type';
import { DEBUG_TEXT } from '../../lib/ui-text/debug';

type VConsoleClass = typeof VConsole;

/** One colouring environment as ep-dyeing lists it (name is the flow-type value). */
export interface ColouringEnv {
  name: string;
  c_name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plugin tab's markup: one radio per environment, the stored one checked. */
export function renderEnvList(envs: readonly ColouringEnv[], selected: string | null): string {
  if (envs.length === 0) return `<p class="h5-colour-empty">${escapeHtml(DEBUG_TEXT.noEnvs)}</p>`;
  const rows = envs.map((env) => {
    const checked = env.name === selected ? ' checked' : '';
    return `<label class="h5-colour-row"><input type="radio" name="h5-colour" value="${escapeHtml(env.name)}"${checked}> <span>${escapeHtml(env.c_name)}</span> <code>${escapeHtml(env.name)}</code></label>`;
  });
  return `<form class="h5-colour-list" aria-label="${escapeHtml(DEBUG_TEXT.pluginName)}" style="padding:12px;display:grid;gap:12px">${rows.join('')}</form>`;
}

/** What the Refresh tool does: alert when nothing is chosen (spec §5), else store and reload. */
export function refreshWithChoice(
  choice: string | null,
  effects: { alert: (text: string) => void; store: (value: string) => void; reload: () => void },
): void {
  if (!choice) {
    effects.alert(DEBUG_MESSAGES.chooseColouringEnv);
    return;
  }
  effects.store(choice);
  effects.reload();
}

/**
 * The colouring-environment plugin (spec §2 debug helper): lists ep-dyeing environments;
 * picking one and refreshing stores the flow-type value, which every request then carries.
 */
export function createColouringPlugin(VConsoleCtor: VConsoleClass, api: LazyApi) {
  const plugin = new VConsoleCtor.VConsolePlugin('h5_colouring', DEBUG_TEXT.pluginName);
  let root: HTMLElement | null = null;
  const choice = () =>
    root?.querySelector<HTMLInputElement>('input[name="h5-colour"]:checked')?.value ?? null;

  plugin.on('renderTab', (callback: (html: HTMLElement) => void) => {
    root = document.createElement('div');
    root.dataset.testid = 'colouring-plugin';
    root.innerHTML = `<p style="padding:12px">${escapeHtml(DEBUG_TEXT.loading)}</p>`;
    callback(root);
    api('config.epDyeing', {})
      .then(({ results }) => {
        if (root) root.innerHTML = renderEnvList(results, readFlowType());
      })
      .catch((error: unknown) => {
        if (root) root.textContent = `${DEBUG_TEXT.loadFailed}: ${String(error)}`;
      });
  });

  plugin.on('addTool', (callback: (tools: { name: string; onClick: () => void }[]) => void) => {
    callback([
      {
        name: DEBUG_TEXT.refresh,
        onClick: () =>
          refreshWithChoice(choice(), {
            alert: (text) => window.alert(text),
            store: writeFlowType,
            reload: () => location.reload(),
          }),
      },
      {
        name: DEBUG_TEXT.clear,
        onClick: () => {
          writeFlowType(null);
          location.reload();
        },
      },
    ]);
  });
  return plugin;
}
