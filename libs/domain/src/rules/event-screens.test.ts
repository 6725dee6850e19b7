import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EVENT_MESSAGES, EventFilterSchema, EventListQuerySchema } from '../entities/event';
import { PAGE_MESSAGES } from '../entities/paging';
import { audioState, eventLogsTitle, newEventsText, nextSlaFilter } from './event-screens';
import { formErrors } from './validation';

describe('the events screens (docs/product.md#events, #event-logs, #states-and-transitions)', () => {
  it('cycles the SLA filter YES, NO, none, YES', () => {
    expect(nextSlaFilter(null)).toBe('YES');
    expect(nextSlaFilter('YES')).toBe('NO');
    expect(nextSlaFilter('NO')).toBe(null);
  });

  it('says the audio expired 7 days after the event, with or without a recording', () => {
    const created = '2026-11-17T10:00:00.000Z';
    const justBefore = new Date('2026-11-24T09:59:59.999Z');
    const atSeven = new Date('2026-11-24T10:00:00.000Z');
    expect(audioState({ event_createdt: created, audio: '/api/v1/audio/abc.wav' }, justBefore)).toEqual({
      kind: 'playable',
      url: '/api/v1/audio/abc.wav',
    });
    expect(audioState({ event_createdt: created, audio: '/api/v1/audio/abc.wav' }, atSeven)).toEqual({
      kind: 'expired',
      message: 'Event Audio Expired',
      toast: 'Audio of this event has expired',
    });
    expect(audioState({ event_createdt: created, audio: null }, atSeven).kind).toBe('expired');
    expect(audioState({ event_createdt: created, audio: null }, justBefore)).toEqual({
      kind: 'none',
      message: 'No Audio Available',
      toast: 'No Audio has been generated yet',
    });
  });

  it('titles the log page by module and counts new events', () => {
    expect(eventLogsTitle('Checkout')).toBe('Event Logs of module Checkout');
    expect(newEventsText(1)).toBe('1 new event');
    expect(newEventsText(3)).toBe('3 new events');
  });
});

describe('the events query (docs/product.md#http-calls)', () => {
  it('reads every filter from query-string text, days in UTC unless a zone is given', () => {
    expect(
      v.parse(EventListQuerySchema, {
        page_num: '2',
        page_size: '25',
        module_id: '4',
        application_id: '3',
        sla_compliance: 'NO',
        event_status: 'open',
        start_date: '2026-11-01',
        end_date: '2026-11-01',
        search_by_date: 'event_createdt',
        order_by_column: 'case_id',
        order_by_direction: 'asc',
      }),
    ).toEqual({
      page_num: 2,
      page_size: 25,
      search: '',
      module_id: 4,
      application_id: 3,
      sla_compliance: 'NO',
      event_status: 'open',
      start_date: '2026-11-01',
      end_date: '2026-11-01',
      search_by_date: 'event_createdt',
      time_zone: 'UTC',
      order_by_column: 'case_id',
      order_by_direction: 'asc',
    });
    expect(v.parse(EventFilterSchema, { time_zone: 'America/Puerto_Rico' })).toEqual({
      search: '',
      time_zone: 'America/Puerto_Rico',
    });
  });

  it('takes a page of up to 1,000 and no empty page; a larger one is pointed to the CSV export', () => {
    expect(v.parse(EventListQuerySchema, { page_size: '1000' }).page_size).toBe(1000);
    expect(formErrors(EventListQuerySchema, { page_size: '0' }).page_size).toEqual([
      'The value must be greater than or equal to 1',
    ]);
    expect(formErrors(EventListQuerySchema, { page_size: '1001' }).page_size).toEqual([
      PAGE_MESSAGES.eventPageSizeTooLarge,
    ]);
    expect(formErrors(EventListQuerySchema, { page_size: '1000000' }).page_size).toEqual([
      PAGE_MESSAGES.eventPageSizeTooLarge,
    ]);
  });

  it('refuses an unknown order column, days that do not exist, a range that ends before it starts and an unknown zone', () => {
    expect(formErrors(EventListQuerySchema, { order_by_column: 'password_hash' }).order_by_column).toEqual([
      EVENT_MESSAGES.badOrder,
    ]);
    expect(formErrors(EventListQuerySchema, { start_date: '2026-02-30' }).start_date).toEqual([EVENT_MESSAGES.badDate]);
    expect(formErrors(EventListQuerySchema, { end_date: '24/11/2026' }).end_date).toEqual([EVENT_MESSAGES.badDate]);
    expect(formErrors(EventListQuerySchema, { start_date: '2026-11-02', end_date: '2026-11-01' }).end_date).toEqual([
      EVENT_MESSAGES.endBeforeStart,
    ]);
    expect(formErrors(EventFilterSchema, { start_date: '2026-11-02', end_date: '2026-11-01' }).end_date).toEqual([
      EVENT_MESSAGES.endBeforeStart,
    ]);
    expect(formErrors(EventListQuerySchema, { start_date: '2026-11-01', end_date: '2026-11-01' })).toEqual({});
    expect(formErrors(EventListQuerySchema, { time_zone: 'Mars/Olympus' }).time_zone).toEqual([
      EVENT_MESSAGES.badTimeZone,
    ]);
  });
});
