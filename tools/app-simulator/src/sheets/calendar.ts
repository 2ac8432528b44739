import type { CalendarEvent } from '@h5/bridge/protocol';
import { NATIVE_TEXT } from '../native-text';
import { type BlockSpec, DISMISS_ACTION, type SheetSpec } from '../sheet-spec';
import type { SheetController } from './sheet-controller';

const TEXT = NATIVE_TEXT.calendar;
export const CALENDAR_ACTIONS = { confirm: 'confirm' } as const;
const CALENDAR_ACCENT = '#ff3b30';

/**
 * `2025年3月1日周六 19:00 – 21:00` (the end's day too when it differs), in the device's time zone
 * (the browser context's `timezoneId`, else this machine's); the raw text when unparsable.
 */
export function formatEventTime(startAt: string, endAt: string, timeZone?: string): string {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${startAt} – ${endAt}`;
  const zone = timeZone ? { timeZone } : {};
  const day = new Intl.DateTimeFormat('zh-CN', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    ...zone,
  });
  const time = new Intl.DateTimeFormat('zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    ...zone,
  });
  const sameDay = day.format(start) === day.format(end);
  const endText = sameDay ? time.format(end) : `${day.format(end)} ${time.format(end)}`;
  return `${day.format(start)} ${time.format(start)} – ${endText}`;
}

function eventLines(event: CalendarEvent, timeZone?: string): string[] {
  const lines = [formatEventTime(event.startAt, event.endAt, timeZone)];
  if (typeof event.remindMinutes === 'number') lines.push(TEXT.remind(event.remindMinutes));
  if (event.notes) lines.push(event.notes);
  return lines;
}

/** The calendar confirm sheet: add an event, or delete one the app holds. */
export function calendarSheetSpec(
  id: string,
  op: 'add' | 'delete',
  event: CalendarEvent,
  timeZone?: string,
): SheetSpec {
  const blocks: BlockSpec[] =
    op === 'add'
      ? [
          { type: 'heading', text: TEXT.addTitle },
          { type: 'card', title: event.title, lines: eventLines(event, timeZone), accent: CALENDAR_ACCENT },
          { type: 'button', button: { action: CALENDAR_ACTIONS.confirm, label: TEXT.add, style: 'primary' } },
        ]
      : [
          { type: 'heading', text: TEXT.deleteTitle, subtitle: TEXT.deleteConfirm(event.title) },
          { type: 'card', title: event.title, lines: eventLines(event, timeZone), accent: CALENDAR_ACCENT },
          {
            type: 'button',
            button: { action: CALENDAR_ACTIONS.confirm, label: TEXT.delete, style: 'destructive' },
          },
        ];
  blocks.push({
    type: 'button',
    button: { action: DISMISS_ACTION, label: NATIVE_TEXT.cancel, style: 'secondary' },
  });
  return {
    id,
    kind: 'calendar',
    title: op === 'add' ? TEXT.addTitle : TEXT.deleteTitle,
    closeLabel: NATIVE_TEXT.close,
    blocks,
  };
}

/** Finishes with true when the user confirms, null when cancelled. */
export function createCalendarSheet(
  op: 'add' | 'delete',
  event: CalendarEvent,
  timeZone?: string,
): SheetController<true> {
  return {
    kind: 'calendar',
    start: (ui) => ui.render(calendarSheetSpec(ui.id, op, event, timeZone)),
    async onAction({ action }, ui) {
      if (action === DISMISS_ACTION) return ui.finish(null);
      if (action === CALENDAR_ACTIONS.confirm) await ui.finish(true);
    },
  };
}
