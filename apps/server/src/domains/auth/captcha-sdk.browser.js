/**
 * H5Captcha, the browser captcha SDK of the risk check (spec §4). Plain, framework-free script,
 * served by the server at GET /captcha/sdk.js (see captcha-sdk.ts), which wraps this file with
 * js-md5 and the API paths and calls installH5Captcha(window, md5, paths) (`paths.imagePrefix`:
 * how a challenge image starts, a PNG data URL).
 *
 *   window.H5Captcha.evoke({ scene, apiBaseUrl, signSecret, onSuccess(sessionId), onClose() })
 *
 * Draws a modal dialog with the challenge image; the user types the characters. A wrong answer
 * shows a message and a fresh challenge; a pass closes the dialog and calls onSuccess with the
 * captcha session id (send it as `x-captcha-session` when replaying the refused call); cancel or
 * Escape closes it and calls onClose. An evoke while the dialog is open joins it: every caller
 * gets the same outcome. Calls are signed like every API call (spec §5).
 */
// biome-ignore lint/correctness/noUnusedVariables: called by the wrapper the server serves.
function installH5Captcha(window, md5, paths) {
  const document = window.document;
  const TEXTS = {
    title: '安全验证',
    description: '请输入图中的字符',
    imageAlt: '验证码图片',
    refresh: '换一张',
    inputLabel: '验证码',
    placeholder: '请输入图中字符',
    submit: '确定',
    cancel: '取消',
    loading: '加载中…',
    empty: '请输入验证码',
    wrong: '验证码错误，请重新输入',
    network: '网络错误，请重试',
  };
  const PASSED = 1;
  const SUCCESS = 200;
  const STYLE = [
    '.h5c-backdrop{position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.5);font:15px/1.4 -apple-system,BlinkMacSystemFont,"PingFang SC","Helvetica Neue",sans-serif}',
    '.h5c-dialog{box-sizing:border-box;width:calc(100vw - 32px);max-width:320px;padding:20px 16px 16px;border-radius:12px;background:#fff;color:#14151a;box-shadow:0 8px 32px rgba(0,0,0,.2)}',
    '.h5c-title{margin:0 0 4px;font-size:17px;font-weight:600;text-align:center}',
    '.h5c-desc{margin:0 0 12px;color:#7f7f8e;font-size:13px;text-align:center}',
    '.h5c-row{display:flex;align-items:center}',
    '.h5c-image{flex:1;min-width:0;height:56px;border-radius:6px;background:#f4f1ea;object-fit:contain}',
    '.h5c-refresh,.h5c-cancel,.h5c-submit{min-height:44px;border:0;border-radius:8px;font:inherit;cursor:pointer}',
    '.h5c-refresh{margin-left:8px;padding:0 12px;background:#f5f5f9;color:#14151a}',
    '.h5c-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
    '.h5c-input{box-sizing:border-box;width:100%;height:44px;margin-top:12px;padding:0 12px;border:1px solid #dcdce0;border-radius:8px;font:inherit;font-size:18px;letter-spacing:4px;text-transform:uppercase}',
    '.h5c-input:focus{outline:2px solid #01c2c3;outline-offset:1px}',
    '.h5c-input::placeholder{font-size:15px;letter-spacing:0;text-transform:none}',
    '.h5c-message{min-height:20px;margin:6px 0;color:#e02828;font-size:13px}',
    '.h5c-actions{display:flex}',
    '.h5c-cancel,.h5c-submit{flex:1}',
    '.h5c-cancel{margin-right:12px;background:#f5f5f9;color:#14151a}',
    '.h5c-submit{background:#01c2c3;color:#fff;font-weight:600}',
    '.h5c-submit:disabled,.h5c-refresh:disabled{opacity:.5;cursor:default}',
  ].join('');

  let open = null;
  let instances = 0;
  let styled = false;

  /** The sign of spec §5 (as signParams in @h5/core): sorted key+value pairs, then the secret. */
  function sign(params, secret) {
    let source = '';
    const keys = Object.keys(params).sort();
    for (let i = 0; i < keys.length; i += 1) {
      const value = params[keys[i]];
      if (value === undefined) continue;
      source +=
        keys[i] + (value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return md5(source + secret);
  }

  function messageOf(envelope) {
    return envelope && typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : TEXTS.network;
  }

  /** A signed JSON POST; resolves with the envelope's data, rejects with its message. */
  function post(config, path, body) {
    const url = `${config.apiBaseUrl || ''}${path}?sign=${sign(body, config.signSecret)}`;
    return window
      .fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      .then((response) => response.json())
      .then((envelope) => {
        if (!envelope || envelope.code !== SUCCESS) throw new Error(messageOf(envelope));
        return envelope.data;
      });
  }

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const name in attributes) node.setAttribute(name, attributes[name]);
    for (const child of children || []) {
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  function addStyle() {
    if (styled) return;
    styled = true;
    const style = element('style', { 'data-h5-captcha': '' }, [STYLE]);
    document.head.appendChild(style);
  }

  function createDialog(config) {
    instances += 1;
    const id = `h5c-${instances}`;
    const state = {
      config,
      challengeId: '',
      busy: false,
      callers: [],
      previousFocus: document.activeElement,
    };
    const image = element('img', { class: 'h5c-image', alt: TEXTS.imageAlt }, []);
    const refresh = element('button', { type: 'button', class: 'h5c-refresh' }, [TEXTS.refresh]);
    const input = element(
      'input',
      {
        id: `${id}-input`,
        class: 'h5c-input',
        type: 'text',
        autocomplete: 'off',
        autocapitalize: 'characters',
        spellcheck: 'false',
        enterkeyhint: 'done',
        placeholder: TEXTS.placeholder,
      },
      [],
    );
    const message = element('p', { class: 'h5c-message', role: 'alert', 'aria-live': 'assertive' }, []);
    const cancel = element('button', { type: 'button', class: 'h5c-cancel' }, [TEXTS.cancel]);
    const submit = element('button', { type: 'submit', class: 'h5c-submit' }, [TEXTS.submit]);
    const form = element('form', { class: 'h5c-form', novalidate: '' }, [
      element('div', { class: 'h5c-row' }, [image, refresh]),
      element('label', { class: 'h5c-label', for: `${id}-input` }, [TEXTS.inputLabel]),
      input,
      message,
      element('div', { class: 'h5c-actions' }, [cancel, submit]),
    ]);
    const dialog = element(
      'div',
      {
        class: 'h5c-dialog',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': `${id}-title`,
        'aria-describedby': `${id}-desc`,
      },
      [
        element('h2', { id: `${id}-title`, class: 'h5c-title' }, [TEXTS.title]),
        element('p', { id: `${id}-desc`, class: 'h5c-desc' }, [TEXTS.description]),
        form,
      ],
    );
    const backdrop = element('div', { class: 'h5c-backdrop', 'data-h5-captcha': '' }, [dialog]);
    const focusables = [refresh, input, cancel, submit];

    function say(text) {
      message.textContent = text;
    }
    function setBusy(busy) {
      state.busy = busy;
      submit.disabled = busy;
      refresh.disabled = busy;
    }
    function loadChallenge() {
      setBusy(true);
      state.challengeId = '';
      image.setAttribute('alt', TEXTS.loading);
      return post(config, paths.challenge, config.scene ? { scene: config.scene } : {})
        .then((challenge) => {
          // The challenge is a PNG data URL; anything else is not shown (never a URL to fetch).
          if (String(challenge.image).indexOf(paths.imagePrefix) !== 0) throw new Error(TEXTS.network);
          state.challengeId = challenge.challengeId;
          image.setAttribute('src', challenge.image);
          image.setAttribute('alt', TEXTS.imageAlt);
          input.setAttribute('maxlength', String(challenge.answerLength));
        })
        .catch((error) => say(error.message || TEXTS.network))
        .then(() => setBusy(false));
    }
    function close(outcome, sessionId) {
      if (open === state) open = null;
      if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
      document.body.style.overflow = state.bodyOverflow;
      const previous = state.previousFocus;
      if (previous && typeof previous.focus === 'function') previous.focus();
      for (const caller of state.callers) {
        const callback = outcome === 'success' ? caller.onSuccess : caller.onClose;
        if (typeof callback === 'function') callback(sessionId);
      }
    }
    function onSubmit(event) {
      event.preventDefault();
      if (state.busy) return;
      const answer = String(input.value || '').trim();
      if (!answer) {
        say(TEXTS.empty);
        input.focus();
        return;
      }
      if (!state.challengeId) {
        loadChallenge();
        return;
      }
      setBusy(true);
      post(config, paths.verify, { challengeId: state.challengeId, answer })
        .then((result) => {
          if (result.resultCode === PASSED && result.sessionId) {
            close('success', result.sessionId);
            return;
          }
          say(TEXTS.wrong);
          input.value = '';
          input.focus();
          return loadChallenge();
        })
        .catch((error) => {
          setBusy(false);
          say(error.message || TEXTS.network);
        });
    }
    function onKeydown(event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close('close');
      } else if (event.key === 'Tab') {
        // Keep focus inside the modal.
        const index = focusables.indexOf(document.activeElement);
        const next = event.shiftKey
          ? focusables[(index <= 0 ? focusables.length : index) - 1]
          : focusables[(index + 1) % focusables.length];
        event.preventDefault();
        next.focus();
      }
    }

    form.addEventListener('submit', onSubmit);
    refresh.addEventListener('click', () => {
      if (state.busy) return;
      say('');
      input.value = '';
      loadChallenge();
      input.focus();
    });
    cancel.addEventListener('click', () => close('close'));
    dialog.addEventListener('keydown', onKeydown);

    state.show = () => {
      addStyle();
      state.bodyOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      document.body.appendChild(backdrop);
      input.focus();
      loadChallenge();
    };
    return state;
  }

  window.H5Captcha = {
    version: '1',
    /** Opens the captcha (or joins the open one). apiBaseUrl '' is the page's origin. */
    evoke(options) {
      if (!options || typeof options.signSecret !== 'string')
        throw new Error('H5Captcha.evoke: signSecret is required');
      const caller = { onSuccess: options.onSuccess, onClose: options.onClose };
      if (open) {
        open.callers.push(caller);
        return;
      }
      open = createDialog({
        apiBaseUrl: options.apiBaseUrl || '',
        signSecret: options.signSecret,
        scene: options.scene,
      });
      open.callers.push(caller);
      open.show();
    },
  };
}
