/**
 * What the Node side sends the in-page renderer (page-runtime.ts) to draw a native sheet: plain
 * JSON, so a sheet is described in Node and drawn in the page. The renderer keeps what the user
 * typed across updates (by field name) unless a spec sets the value.
 */

/** The native surfaces the simulator draws; also the host's `data-native-sheet` value. */
export type NativeSheetKind =
  | 'login'
  | 'share'
  | 'captcha'
  | 'toast'
  | 'imagePreview'
  | 'calendar'
  | 'realName'
  | 'publish';

export type ButtonStyle = 'primary' | 'secondary' | 'destructive' | 'link';

export interface ButtonSpec {
  /** What the renderer reports back when the button is pressed. */
  action: string;
  label: string;
  style: ButtonStyle;
  disabled?: boolean;
}

export interface FieldSpec {
  name: string;
  /** The visible label, which is also the input's accessible name. */
  label: string;
  placeholder?: string;
  inputMode?: 'tel' | 'numeric' | 'text';
  autocomplete?: string;
  maxLength?: number;
  /** Text shown before the input, e.g. the country code of a phone number. */
  prefix?: string;
  /** Sets the input's value (otherwise what the user typed is kept). */
  value?: string;
  /** A button inside the field's row (send code). */
  trailing?: ButtonSpec;
}

/** One share target in a grid. */
export interface GridItemSpec {
  action: string;
  label: string;
  icon: ShareIconName;
  /** Icon tile background. */
  color: string;
}

export type ShareIconName =
  | 'wechat'
  | 'wechatMoment'
  | 'weibo'
  | 'qq'
  | 'saveToAlbum'
  | 'copyLink'
  | 'privateLetter';

export type BlockSpec =
  | { type: 'heading'; text: string; subtitle?: string }
  | { type: 'text'; text: string; tone?: 'muted' | 'small' }
  | { type: 'alert'; text: string }
  | { type: 'field'; field: FieldSpec }
  | { type: 'button'; button: ButtonSpec }
  /** A QuickType-style suggestion above the keyboard ("From Messages 123456"). */
  | { type: 'suggestion'; caption: string; button: ButtonSpec }
  | { type: 'grid'; items: GridItemSpec[] }
  /** A preview of what is shared, a calendar event… */
  | { type: 'card'; title: string; lines: string[]; accent?: string }
  | { type: 'image'; src: string; alt: string; refresh?: ButtonSpec }
  | { type: 'spinner'; label: string };

/** A bottom sheet (login, share, captcha, calendar, real name). */
export interface SheetSpec {
  id: string;
  kind: NativeSheetKind;
  /** The dialog's accessible name; shown in the sheet's navigation bar. */
  title: string;
  blocks: BlockSpec[];
  /** The close control's accessible name; pressing it, the backdrop or Escape reports `dismiss`. */
  closeLabel: string;
  /** While true, inputs and buttons are disabled (a call to the server is under way). */
  busy?: boolean;
}

/** The full-screen image viewer. */
export interface ViewerSpec {
  id: string;
  kind: 'imagePreview';
  title: string;
  urls: string[];
  index: number;
  closeLabel: string;
  previousLabel: string;
  nextLabel: string;
  /** The image's alt text is `<imageAltPrefix> <n>/<count>`. */
  imageAltPrefix: string;
}

/** What the renderer reports back: a sheet action with the current field values. */
export interface SheetEvent {
  sheetId: string;
  action: string;
  values: Record<string, string>;
}

/** The action every sheet reports when the user closes it (close button, backdrop, Escape). */
export const DISMISS_ACTION = 'dismiss';
