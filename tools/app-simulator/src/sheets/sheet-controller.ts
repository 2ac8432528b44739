import type { NativeSheetKind, SheetEvent, SheetSpec, ViewerSpec } from '../sheet-spec';

/** What a sheet's controller can do with its sheet while it is open. */
export interface SheetUi<T> {
  /** The sheet's id (every spec the controller draws carries it). */
  readonly id: string;
  /** Draws (or redraws) the sheet. */
  render(spec: SheetSpec | ViewerSpec): Promise<void>;
  /** Closes the sheet with its outcome; null means the user dismissed it. */
  finish(result: T | null): Promise<void>;
  /** A native toast over the page. */
  toast(message: string): Promise<void>;
  /** Opens another sheet over this one (the captcha a login code needs) and waits for it. */
  openChild<U>(controller: SheetController<U>): Promise<U | null>;
}

/**
 * The Node side of one native sheet: draws it, then reacts to what the user does in it
 * (`SheetEvent`s from the page) until it finishes. Server calls happen here, in Node.
 */
export interface SheetController<T> {
  readonly kind: NativeSheetKind;
  start(ui: SheetUi<T>): Promise<void>;
  onAction(event: SheetEvent, ui: SheetUi<T>): Promise<void>;
}
