/** Labels of the debug console's colouring plugin (ours; the alert text is the spec's, in core). */
export const DEBUG_TEXT = {
  pluginName: '染色环境',
  loading: '加载中…',
  loadFailed: '染色环境加载失败',
  noEnvs: '暂无染色环境',
  refresh: '刷新',
  clear: '清除染色',
} as const;
