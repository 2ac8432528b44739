import type { BlockSpec, ButtonSpec, FieldSpec, SheetEvent, SheetSpec, ViewerSpec } from '../sheet-spec';

/** Names and assets the in-page runtime needs (it cannot import: it runs as a serialized function). */
export interface RuntimeConfig {
  /** window.__CommunityNative__ */
  hostGlobal: string;
  /** h5:bridge-ready */
  readyEvent: string;
  /** The exposed binding the host's postMessage forwards to (Node answers). */
  postBinding: string;
  /** The exposed binding sheet actions go to. */
  sheetBinding: string;
  /** Where the runtime puts its own API (render, close, toast) for the Node side. */
  uiGlobal: string;
  /** null: the host is there before the page's scripts; a number: it appears after that many ms. */
  injectHostLateMs: number | null;
  css: string;
  icons: Record<string, string>;
  closeIcon: string;
  dismissAction: string;
}

/** What the Node side calls in the page (as `window[uiGlobal].x(...)`). */
export interface RuntimeApi {
  /** A random id of this document: answers for a request of an earlier document are not delivered. */
  readonly docId: string;
  render(spec: SheetSpec | ViewerSpec): void;
  close(id: string): void;
  toast(message: string, durationMs: number): void;
}

/**
 * Runs in the page before its scripts (context.addInitScript), main frame only: injects the
 * native host object and draws native surfaces, each in its own open shadow root on a host
 * element appended to <html> at the highest z-index. Self-contained on purpose.
 */
export function installNativeRuntime(config: RuntimeConfig): void {
  if (window.top !== window) return;
  const w = window as unknown as Record<string, unknown>;
  const docId = Math.random().toString(36).slice(2, 12);
  const callBinding = (name: string, json: string) => {
    const binding = w[name] as ((json: string, docId: string) => Promise<unknown>) | undefined;
    if (typeof binding === 'function') void binding(json, docId).catch(() => undefined);
  };

  const installHost = () => {
    const host = {
      postMessage(json: unknown) {
        callBinding(config.postBinding, typeof json === 'string' ? json : JSON.stringify(json));
      },
    };
    Object.defineProperty(window, config.hostGlobal, { value: Object.freeze(host), configurable: true });
  };
  if (config.injectHostLateMs === null) installHost();
  else
    setTimeout(() => {
      installHost();
      window.dispatchEvent(new Event(config.readyEvent));
    }, config.injectHostLateMs);

  interface Open {
    host: HTMLElement;
    root: ShadowRoot;
    values: Record<string, string>;
    spec: SheetSpec | ViewerSpec;
  }
  const open = new Map<string, Open>();

  // While a sheet is up the webview underneath is out of reach, for touches and for assistive
  // technology alike (so `getByRole` finds the sheet's buttons, not the page's namesakes).
  let covered: { inert: boolean; ariaHidden: string | null } | null = null;
  function coverPage() {
    const body = document.body;
    if (!body || covered) return;
    covered = { inert: body.inert, ariaHidden: body.getAttribute('aria-hidden') };
    body.inert = true;
    body.setAttribute('aria-hidden', 'true');
  }
  function uncoverPage() {
    const body = document.body;
    if (!body || !covered || open.size > 0) return;
    body.inert = covered.inert;
    if (covered.ariaHidden === null) body.removeAttribute('aria-hidden');
    else body.setAttribute('aria-hidden', covered.ariaHidden);
    covered = null;
  }

  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className?: string,
    text?: string,
  ): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function makeHost(kind: string): { host: HTMLElement; root: ShadowRoot } {
    const host = document.createElement('community-native-surface');
    host.setAttribute('data-native-sheet', kind);
    host.style.cssText =
      'all:initial!important;position:fixed!important;inset:0!important;z-index:2147483647!important;display:block!important;';
    const root = host.attachShadow({ mode: 'open' });
    const style = el('style');
    style.textContent = config.css;
    root.append(style);
    document.documentElement.append(host);
    return { host, root };
  }

  function report(id: string, action: string) {
    const state = open.get(id);
    if (!state) return;
    for (const input of state.root.querySelectorAll('input')) state.values[input.name] = input.value;
    const event: SheetEvent = { sheetId: id, action, values: { ...state.values } };
    callBinding(config.sheetBinding, JSON.stringify(event));
  }

  function button(id: string, spec: ButtonSpec, className: string): HTMLButtonElement {
    const node = el('button', className, spec.label);
    node.type = 'button';
    node.disabled = spec.disabled === true;
    node.addEventListener('click', () => report(id, spec.action));
    return node;
  }

  function fieldRow(id: string, field: FieldSpec, state: Open): HTMLElement {
    const row = el('div', 'row');
    const inputId = `native-${id}-${field.name}`;
    const label = el('label', undefined, field.label);
    label.htmlFor = inputId;
    row.append(label);
    if (field.prefix) row.append(el('span', 'prefix', field.prefix));
    const input = el('input');
    input.id = inputId;
    input.name = field.name;
    input.type = 'text';
    input.spellcheck = false;
    if (field.placeholder) input.placeholder = field.placeholder;
    if (field.inputMode) input.inputMode = field.inputMode;
    if (field.autocomplete) input.autocomplete = field.autocomplete as AutoFill;
    if (field.maxLength) input.maxLength = field.maxLength;
    if (field.value !== undefined) state.values[field.name] = field.value;
    input.value = state.values[field.name] ?? '';
    input.addEventListener('input', () => {
      state.values[field.name] = input.value;
    });
    row.append(input);
    if (field.trailing) row.append(button(id, field.trailing, 'link'));
    return row;
  }

  const buttonClass = (style: ButtonSpec['style']) => (style === 'link' ? 'btn link-style' : `btn ${style}`);

  function block(id: string, spec: BlockSpec, state: Open): HTMLElement[] {
    switch (spec.type) {
      case 'heading': {
        const heading = el('h2', spec.subtitle ? 'heading' : 'heading heading-only', spec.text);
        return spec.subtitle ? [heading, el('p', 'subtitle', spec.subtitle)] : [heading];
      }
      case 'text':
        return [el('p', spec.tone === 'small' ? 'text small' : 'text', spec.text)];
      case 'alert': {
        const alert = el('p', 'alert', spec.text);
        alert.setAttribute('role', 'alert');
        return [alert];
      }
      case 'field':
        return [fieldRow(id, spec.field, state)];
      case 'button':
        return [button(id, spec.button, buttonClass(spec.button.style))];
      case 'suggestion': {
        const bar = el('div', 'suggestion-bar block');
        const chip = button(id, { ...spec.button, label: '' }, 'suggestion');
        chip.append(el('span', 'caption', spec.caption), ' ', el('span', 'value', spec.button.label));
        bar.append(chip);
        return [bar];
      }
      case 'grid': {
        const list = el('ul', 'grid block');
        for (const item of spec.items) {
          const li = el('li');
          const tile = button(id, { action: item.action, label: '', style: 'link' }, 'tile');
          const icon = el('span', 'tile-icon');
          icon.style.background = item.color;
          icon.innerHTML = config.icons[item.icon] ?? '';
          tile.append(icon, el('span', 'tile-label', item.label));
          li.append(tile);
          list.append(li);
        }
        return [list];
      }
      case 'card': {
        const card = el('div', 'card block');
        if (spec.accent) card.style.setProperty('--accent', spec.accent);
        card.append(
          el('p', 'card-title', spec.title),
          ...spec.lines.map((line) => el('p', 'card-line', line)),
        );
        return [card];
      }
      case 'image': {
        const box = el('div', 'captcha block');
        const img = el('img');
        img.src = spec.src;
        img.alt = spec.alt;
        box.append(img);
        if (spec.refresh) box.append(button(id, spec.refresh, 'link'));
        return [box];
      }
      case 'spinner': {
        const row = el('div', 'spinner-row block');
        row.setAttribute('aria-busy', 'true');
        row.append(el('span', 'spinner'), spec.label);
        return [row];
      }
    }
  }

  function sheetContent(spec: SheetSpec, state: Open): HTMLElement {
    const form = el('form');
    form.noValidate = true;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const primary = spec.blocks.find((b) => b.type === 'button' && b.button.style === 'primary');
      if (primary?.type === 'button' && !spec.busy) report(spec.id, primary.button.action);
    });
    let group: HTMLElement | null = null;
    for (const b of spec.blocks) {
      if (b.type === 'field') {
        if (!group) {
          group = el('div', 'group');
          form.append(group);
        }
        group.append(...block(spec.id, b, state));
        continue;
      }
      group = null;
      form.append(...block(spec.id, b, state));
    }
    if (spec.busy) {
      form.classList.add('busy');
      for (const control of form.querySelectorAll('input, button'))
        (control as HTMLInputElement).disabled = true;
    }
    return form;
  }

  function drawSheet(spec: SheetSpec, state: Open, first: boolean) {
    const focused = (state.root.activeElement as HTMLInputElement | null)?.name;
    let sheet = state.root.querySelector<HTMLElement>('.sheet');
    if (!sheet) {
      const frame = el('div', 'root');
      const backdrop = el('div', 'backdrop');
      backdrop.addEventListener('click', () => report(spec.id, config.dismissAction));
      sheet = el('div', 'sheet');
      sheet.setAttribute('role', 'dialog');
      sheet.setAttribute('aria-modal', 'true');
      sheet.tabIndex = -1;
      sheet.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') report(spec.id, config.dismissAction);
      });
      frame.append(backdrop, sheet);
      state.root.append(frame);
    }
    sheet.setAttribute('aria-label', spec.title);
    const bar = el('div', 'bar');
    const close = el('button', 'close');
    close.type = 'button';
    close.setAttribute('aria-label', spec.closeLabel);
    const glyph = el('span');
    glyph.innerHTML = config.closeIcon;
    close.append(glyph);
    close.addEventListener('click', () => report(spec.id, config.dismissAction));
    bar.append(close);
    sheet.replaceChildren(el('div', 'grabber'), bar, sheetContent(spec, state));
    if (first) sheet.focus({ preventScroll: true });
    else if (focused) state.root.querySelector<HTMLInputElement>(`input[name="${focused}"]`)?.focus();
  }

  function drawViewer(spec: ViewerSpec, state: Open) {
    let index = spec.index;
    const frame = el('div', 'root');
    const viewer = el('div', 'viewer');
    viewer.setAttribute('role', 'dialog');
    viewer.setAttribute('aria-modal', 'true');
    viewer.setAttribute('aria-label', spec.title);
    viewer.tabIndex = -1;
    const bar = el('div', 'viewer-bar');
    const close = el('button', 'viewer-close');
    close.type = 'button';
    close.setAttribute('aria-label', spec.closeLabel);
    close.innerHTML = config.closeIcon;
    close.addEventListener('click', () => report(spec.id, config.dismissAction));
    const counter = el('span', 'counter');
    counter.setAttribute('aria-live', 'polite');
    bar.append(close, counter);
    const stage = el('div', 'stage');
    const img = el('img');
    stage.append(img);
    stage.addEventListener('click', (event) => {
      if (event.target === stage) report(spec.id, config.dismissAction);
    });
    const nav = el('div', 'viewer-nav');
    const prev = el('button', undefined, spec.previousLabel);
    const next = el('button', undefined, spec.nextLabel);
    const dots = el('div', 'dots');
    dots.setAttribute('aria-hidden', 'true');
    nav.append(prev, dots, next);
    const show = (to: number) => {
      index = Math.min(Math.max(0, to), spec.urls.length - 1);
      img.src = spec.urls[index] ?? '';
      img.alt = `${spec.imageAltPrefix} ${index + 1}/${spec.urls.length}`;
      counter.textContent = `${index + 1} / ${spec.urls.length}`;
      prev.disabled = index === 0;
      next.disabled = index === spec.urls.length - 1;
      dots.replaceChildren(...spec.urls.map((_, i) => el('i', i === index ? 'on' : '')));
    };
    prev.addEventListener('click', () => show(index - 1));
    next.addEventListener('click', () => show(index + 1));
    let startX: number | null = null;
    stage.addEventListener('pointerdown', (event) => {
      startX = event.clientX;
    });
    stage.addEventListener('pointerup', (event) => {
      if (startX !== null && Math.abs(event.clientX - startX) > 50)
        show(index + (event.clientX < startX ? 1 : -1));
      startX = null;
    });
    viewer.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') report(spec.id, config.dismissAction);
      if (event.key === 'ArrowLeft') show(index - 1);
      if (event.key === 'ArrowRight') show(index + 1);
    });
    if (spec.urls.length < 2) nav.style.visibility = 'hidden';
    viewer.append(bar, stage, nav);
    frame.append(viewer);
    state.root.append(frame);
    show(index);
    viewer.focus({ preventScroll: true });
  }

  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  let toastHost: { host: HTMLElement; root: ShadowRoot } | undefined;

  const api: RuntimeApi = {
    docId,
    render(spec) {
      const existing = open.get(spec.id);
      const state = existing ?? { ...makeHost(spec.kind), values: {}, spec };
      state.spec = spec;
      if (!existing) open.set(spec.id, state);
      coverPage();
      if ('blocks' in spec) drawSheet(spec, state, !existing);
      else if (!existing) drawViewer(spec, state);
    },
    close(id) {
      const state = open.get(id);
      if (!state) return;
      open.delete(id);
      uncoverPage();
      // Gone for queries at once ([data-native-sheet], roles); the element leaves after its animation.
      state.host.setAttribute(
        'data-native-sheet-closing',
        state.host.getAttribute('data-native-sheet') ?? '',
      );
      state.host.removeAttribute('data-native-sheet');
      state.host.setAttribute('aria-hidden', 'true');
      state.host.inert = true;
      state.root.querySelector('.root')?.classList.add('closing');
      setTimeout(() => state.host.remove(), 230);
    },
    toast(message, durationMs) {
      if (toastHost) toastHost.host.remove();
      clearTimeout(toastTimer);
      const surface = makeHost('toast');
      surface.host.style.setProperty('pointer-events', 'none', 'important');
      toastHost = surface;
      const wrap = el('div', 'toast-wrap');
      const toast = el('div', 'toast', message);
      toast.setAttribute('role', 'status');
      toast.setAttribute('aria-live', 'polite');
      wrap.append(toast);
      surface.root.append(wrap);
      toastTimer = setTimeout(() => {
        toast.classList.add('leaving');
        setTimeout(() => {
          surface.host.remove();
          if (toastHost === surface) toastHost = undefined;
        }, 250);
      }, durationMs);
    },
  };
  Object.defineProperty(window, config.uiGlobal, { value: Object.freeze(api), configurable: true });
}
