/**
 * The look of the native surfaces, inside each host's shadow root (page CSS cannot reach it):
 * iOS sheets (grouped background, rounded top corners, grabber, 44-pt targets, the system font
 * and dynamic-type sizes), the app's brand teal for primary actions, a dim backdrop.
 */
export const NATIVE_CSS = `
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
.root, .toast-wrap {
  font-family: -apple-system, BlinkMacSystemFont, "SF Pro Text", "PingFang SC", "Helvetica Neue", "Noto Sans CJK SC", sans-serif;
  font-size: 17px; line-height: 1.3; color: #000; -webkit-font-smoothing: antialiased;
  -webkit-tap-highlight-color: transparent; -webkit-text-size-adjust: 100%;
}
.root { position: fixed; inset: 0; display: flex; flex-direction: column; justify-content: flex-end; }
.backdrop { position: absolute; inset: 0; background: rgba(0, 0, 0, 0.4); animation: fade-in 0.25s ease-out; }
.sheet {
  position: relative; max-height: calc(100% - 54px); overflow-y: auto; overscroll-behavior: contain;
  background: #f2f2f7; border-radius: 14px 14px 0 0; padding: 0 16px calc(34px + env(safe-area-inset-bottom, 0px));
  box-shadow: 0 -1px 0 rgba(0, 0, 0, 0.04), 0 -8px 32px rgba(0, 0, 0, 0.12);
  animation: slide-up 0.32s cubic-bezier(0.2, 0.9, 0.3, 1); outline: none;
}
.closing .backdrop { animation: fade-out 0.22s ease-in forwards; }
.closing .sheet { animation: slide-down 0.22s ease-in forwards; }
.grabber { width: 36px; height: 5px; margin: 6px auto 0; border-radius: 3px; background: rgba(60, 60, 67, 0.3); }
.bar { display: flex; justify-content: flex-end; height: 38px; align-items: flex-start; }
.close {
  width: 44px; height: 44px; margin: -6px -10px 0 0; padding: 8px; border: 0; background: none; cursor: pointer;
  display: flex; align-items: center; justify-content: center;
}
.close span {
  width: 30px; height: 30px; border-radius: 50%; background: rgba(118, 118, 128, 0.12);
  display: flex; align-items: center; justify-content: center; color: rgba(60, 60, 67, 0.6);
}
.close svg { width: 12px; height: 12px; }
form { margin: 0; }
.heading { margin: -14px 0 4px; font-size: 22px; line-height: 28px; font-weight: 700; letter-spacing: 0.35px; }
.subtitle { margin: 0 0 16px; font-size: 15px; line-height: 20px; color: rgba(60, 60, 67, 0.6); }
.heading-only { margin-bottom: 16px; }
.text { margin: 8px 4px 0; font-size: 13px; line-height: 18px; color: rgba(60, 60, 67, 0.6); }
.text.small { margin-top: 14px; text-align: center; font-size: 12px; color: rgba(60, 60, 67, 0.45); }
.alert {
  margin: 10px 0 0; padding: 9px 12px; border-radius: 10px; background: rgba(255, 59, 48, 0.1);
  color: #d70015; font-size: 14px; line-height: 19px;
}
.group { margin: 0; background: #fff; border-radius: 12px; overflow: hidden; }
.group + .group, .block + .group { margin-top: 16px; }
.row { position: relative; display: flex; align-items: center; min-height: 52px; padding: 0 6px 0 16px; }
.row + .row::before {
  content: ""; position: absolute; top: 0; left: 16px; right: 0; height: 0.5px; background: rgba(60, 60, 67, 0.29);
}
.row label { flex: none; width: 76px; font-size: 17px; }
.prefix { flex: none; margin-right: 8px; padding-right: 8px; border-right: 0.5px solid rgba(60, 60, 67, 0.29); }
.row input {
  flex: 1; min-width: 0; height: 44px; padding: 0 6px 0 0; border: 0; outline: none; background: none;
  font: inherit; color: #000; caret-color: #01c2c3;
}
.row input::placeholder { color: rgba(60, 60, 67, 0.3); }
.row input:disabled { color: rgba(60, 60, 67, 0.6); }
.link {
  flex: none; min-width: 44px; min-height: 44px; padding: 0 10px; border: 0; background: none; cursor: pointer;
  font: inherit; font-size: 16px; color: #00a3a4; white-space: nowrap;
}
.link:disabled { color: rgba(60, 60, 67, 0.3); cursor: default; }
.btn {
  display: flex; width: 100%; min-height: 50px; margin-top: 16px; border: 0; border-radius: 12px; cursor: pointer;
  align-items: center; justify-content: center; font: inherit; font-weight: 600;
}
.btn + .btn { margin-top: 8px; }
.btn.primary { background: #01c2c3; color: #fff; }
.btn.destructive { background: #ff3b30; color: #fff; }
.btn.secondary { background: #fff; color: #007aff; font-weight: 400; }
.btn.link-style { background: none; color: #007aff; font-weight: 400; }
.btn:active:not(:disabled) { filter: brightness(0.92); }
.btn:disabled { opacity: 0.45; cursor: default; }
.suggestion-bar {
  display: flex; justify-content: center; margin-top: 10px; padding: 6px; border-radius: 10px; background: #d1d3d9;
}
.suggestion {
  display: flex; flex-direction: column; align-items: center; min-width: 44px; min-height: 44px; padding: 3px 28px;
  border: 0; border-radius: 7px; background: #fff; cursor: pointer; font: inherit;
  box-shadow: 0 1px 0 rgba(0, 0, 0, 0.3);
}
.suggestion .caption { font-size: 11px; line-height: 14px; color: rgba(60, 60, 67, 0.6); }
.suggestion .value { font-size: 17px; line-height: 22px; font-variant-numeric: tabular-nums; letter-spacing: 1px; }
.card {
  position: relative; margin: 0; padding: 12px 14px 12px 18px; border-radius: 12px; background: #fff; overflow: hidden;
}
.card::before { content: ""; position: absolute; left: 0; top: 0; bottom: 0; width: 4px; background: var(--accent, #01c2c3); }
.card-title { margin: 0; font-size: 17px; line-height: 22px; font-weight: 600; overflow-wrap: anywhere; }
.card-line { margin: 3px 0 0; font-size: 14px; line-height: 19px; color: rgba(60, 60, 67, 0.6); overflow-wrap: anywhere; }
.grid {
  display: grid; grid-template-columns: repeat(4, 1fr); row-gap: 14px; margin: 16px 0 0; padding: 16px 4px 14px;
  list-style: none; background: #fff; border-radius: 12px;
}
.tile {
  display: flex; flex-direction: column; align-items: center; width: 100%; min-height: 44px; padding: 0;
  border: 0; background: none; cursor: pointer; font: inherit;
}
.tile-icon {
  display: flex; width: 56px; height: 56px; border-radius: 14px; align-items: center; justify-content: center;
  box-shadow: inset 0 0 0 0.5px rgba(0, 0, 0, 0.08);
}
.tile-icon svg { width: 30px; height: 30px; }
.tile-label { margin-top: 6px; font-size: 12px; line-height: 16px; color: rgba(0, 0, 0, 0.85); }
.tile:active .tile-icon { filter: brightness(0.9); }
.captcha { display: flex; align-items: center; gap: 8px; margin-bottom: 16px; padding: 10px; border-radius: 12px; background: #fff; }
.captcha img { flex: 1; min-width: 0; height: 64px; border-radius: 8px; background: #f4f1ea; object-fit: contain; }
.spinner-row {
  display: flex; align-items: center; justify-content: center; gap: 10px; height: 84px; margin-bottom: 16px;
  border-radius: 12px; background: #fff; color: rgba(60, 60, 67, 0.6); font-size: 15px;
}
.spinner {
  width: 20px; height: 20px; border-radius: 50%; border: 2.5px solid rgba(60, 60, 67, 0.18);
  border-top-color: rgba(60, 60, 67, 0.6); animation: spin 0.8s linear infinite;
}
.busy .btn.primary { color: transparent; position: relative; }
.busy .btn.primary::after {
  content: ""; position: absolute; width: 20px; height: 20px; border-radius: 50%;
  border: 2.5px solid rgba(255, 255, 255, 0.4); border-top-color: #fff; animation: spin 0.8s linear infinite;
}
.toast-wrap { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center; pointer-events: none; }
.toast {
  max-width: 70%; padding: 11px 18px; border-radius: 10px; background: rgba(0, 0, 0, 0.78); color: #fff;
  font-size: 15px; line-height: 21px; text-align: center; overflow-wrap: anywhere;
  -webkit-backdrop-filter: blur(20px); backdrop-filter: blur(20px); animation: toast-in 0.2s ease-out;
}
.toast.leaving { animation: fade-out 0.25s ease-in forwards; }
.viewer { position: fixed; inset: 0; display: flex; flex-direction: column; background: #000; color: #fff; animation: fade-in 0.2s ease-out; outline: none; }
.closing .viewer { animation: fade-out 0.2s ease-in forwards; }
.viewer-bar { display: flex; align-items: center; justify-content: space-between; height: 44px; margin-top: 44px; padding: 0 8px; }
.viewer-close { width: 44px; height: 44px; border: 0; background: none; color: #fff; cursor: pointer; display: flex; align-items: center; justify-content: center; }
.viewer-close svg { width: 18px; height: 18px; }
.counter { flex: 1; text-align: center; font-size: 17px; font-weight: 600; font-variant-numeric: tabular-nums; margin-right: 44px; }
.stage { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 0; overflow: hidden; touch-action: pan-y; }
.stage img { max-width: 100%; max-height: 100%; object-fit: contain; user-select: none; -webkit-user-drag: none; }
.viewer-nav { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px 46px; }
.viewer-nav button {
  min-width: 88px; min-height: 44px; padding: 0 16px; border: 0; border-radius: 22px; cursor: pointer;
  background: rgba(255, 255, 255, 0.16); color: #fff; font: inherit; font-size: 15px;
}
.viewer-nav button:disabled { opacity: 0.3; cursor: default; }
.dots { display: flex; gap: 6px; }
.dots i { width: 6px; height: 6px; border-radius: 50%; background: rgba(255, 255, 255, 0.35); }
.dots i.on { background: #fff; }
button:focus-visible, input:focus-visible { outline: 2px solid #01c2c3; outline-offset: 2px; }
@keyframes slide-up { from { transform: translateY(100%); } to { transform: none; } }
@keyframes slide-down { from { transform: none; } to { transform: translateY(100%); } }
@keyframes fade-in { from { opacity: 0; } }
@keyframes fade-out { to { opacity: 0; } }
@keyframes toast-in { from { opacity: 0; transform: scale(0.92); } }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { *, *::before, *::after { animation-duration: 0.01ms !important; } }
`;
