import type { Page } from 'playwright-core';
import { uiCall } from './runtime/runtime-script';
import type { SheetEvent } from './sheet-spec';
import type { SheetController, SheetUi } from './sheets/sheet-controller';

/** One open sheet: its outcome, or `abandoned` when its page went away (nobody to answer). */
export interface OpenSheet<T> {
  id: string;
  done: Promise<{ abandoned: false; result: T | null } | { abandoned: true }>;
}

interface Entry {
  page: Page;
  docId: string;
  controller: SheetController<unknown>;
  ui: SheetUi<unknown>;
  settle: (outcome: { abandoned: false; result: unknown } | { abandoned: true }) => void;
  settled: boolean;
}

/**
 * The Node side of the drawn sheets: opens a controller's sheet in a page, routes the page's
 * sheet events to it, and closes it when it finishes, is cancelled or its document is gone.
 */
export class SheetHost {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(
    private readonly toast: (page: Page, message: string) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  open<T>(page: Page, docId: string, controller: SheetController<T>): OpenSheet<T> {
    this.seq += 1;
    const id = `sheet-${this.seq}`;
    let settle!: Entry['settle'];
    const done = new Promise<{ abandoned: false; result: unknown } | { abandoned: true }>((resolve) => {
      settle = resolve;
    });
    const ui: SheetUi<T> = {
      id,
      render: async (spec) => {
        if (this.entries.get(id)?.settled === false)
          await this.evaluate(page, uiCall('render', [spec], docId));
      },
      finish: async (result) => this.finish(id, { abandoned: false, result }),
      toast: (message) => this.toast(page, message),
      openChild: async (child) => {
        const outcome = await this.open(page, docId, child).done;
        return outcome.abandoned ? null : outcome.result;
      },
    };
    const entry: Entry = {
      page,
      docId,
      controller: controller as SheetController<unknown>,
      ui: ui as SheetUi<unknown>,
      settle,
      settled: false,
    };
    this.entries.set(id, entry);
    controller.start(ui).catch(this.onError);
    return { id, done: done as OpenSheet<T>['done'] };
  }

  /** A sheet event from a page: to the sheet's controller, if it is still open in that document. */
  dispatch(event: SheetEvent, docId: string): void {
    const entry = this.entries.get(event.sheetId);
    if (!entry || entry.settled || entry.docId !== docId) return;
    entry.controller.onAction(event, entry.ui).catch(this.onError);
  }

  /** Closes a sheet without an outcome (the request was cancelled). */
  abandon(id: string): Promise<void> {
    return this.finish(id, { abandoned: true });
  }

  /** Forgets the sheets of `page` drawn in another document than `docId` (the page navigated). */
  abandonStale(page: Page, docId: string | null): void {
    for (const [id, entry] of this.entries) {
      if (entry.page === page && entry.docId !== docId) {
        entry.settled = true;
        this.entries.delete(id);
        entry.settle({ abandoned: true });
      }
    }
  }

  /** The ids of the sheets still open. */
  openIds(): string[] {
    return [...this.entries.keys()];
  }

  private async finish(id: string, outcome: Parameters<Entry['settle']>[0]): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.settled) return;
    entry.settled = true;
    this.entries.delete(id);
    await this.evaluate(entry.page, uiCall('close', [id], entry.docId));
    entry.settle(outcome);
  }

  private async evaluate(page: Page, expression: string): Promise<void> {
    if (page.isClosed()) return;
    await page.evaluate(expression).catch((error: unknown) => {
      // A navigation in flight destroys the context; the sheet went with the document.
      if (!/context was destroyed|Target closed|has been closed/i.test(String(error))) this.onError(error);
    });
  }
}
