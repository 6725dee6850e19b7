import {
  SCHEDULE_SCREEN_TEXTS,
  TIMELINE_VIEWS,
  scheduleTimelineMachine,
  timelineLanes,
  type ShiftsRange,
  type TimelineView,
} from '@relevo/domain';
import { Alert, Button, Icon, ShiftTimeline, Spinner, type ShiftBar, type ShiftLane } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { msg, t } from '../../shell/i18n';
import type { ScheduleCalls } from './schedule-calls';
import { dayName, periodHeading, rangeIn, weekdayText } from './schedule-texts';

const VIEW_TEXT: Record<TimelineView, { name: string; previous: string; next: string }> = {
  week: { name: msg('Week'), previous: msg('Previous week'), next: msg('Next week') },
  month: { name: msg('Month'), previous: msg('Previous month'), next: msg('Next month') },
};
const MINUTE = 60_000;

export interface ScheduleTimelineProps {
  scheduleId: number;
  /** the zone the days are cut in and the times read in */
  zone: string;
  calls: Pick<ScheduleCalls, 'shifts' | 'now'>;
  /** changes when the schedule or its overrides changed: the shifts are read again */
  version: number;
  /** "Take this shift" on a bar (docs/product.md#schedules), for whoever may set overrides */
  onTake?: (shift: { start: number; end: number; resource_fullname: string }) => void;
}

/**
 * A schedule's timeline (docs/product.md#schedules): the final layer's shifts over a week or a
 * month, a lane per person, overrides and temporary shifts marked, the stretches nobody covers,
 * the now-line; Previous, Today and Next move by the period shown.
 */
export function ScheduleTimeline({ scheduleId, zone, calls, version, onTake }: ScheduleTimelineProps) {
  const [machine] = useState(() =>
    scheduleTimelineMachine.provide({
      actors: {
        loadShifts: fromPromise(({ input, signal }: { input: ShiftsRange; signal: AbortSignal }) =>
          calls.shifts(scheduleId, input, signal),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { zone, now: calls.now() } });
  const { period, answer, now } = state.context;

  useEffect(() => {
    if (state.context.zone !== zone) send({ type: 'ZONE', zone });
  }, [zone, state.context.zone, send]);
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    send({ type: 'RELOAD' });
  }, [version, send]);
  useEffect(() => {
    const timer = setInterval(() => send({ type: 'TICK', now: calls.now() }), MINUTE);
    return () => clearInterval(timer);
  }, [send, calls]);

  const view = period.view;
  const title = periodHeading(period);
  const days = useMemo(
    () =>
      period.days.map((day) => ({
        key: `${day.year}-${day.month}-${day.day}`,
        label: view === 'week' ? `${weekdayText(day.weekday)} ${day.day}` : String(day.day),
        title: dayName(day),
        start: day.start,
        end: day.end,
        muted: day.weekday >= 6,
      })),
    [period, view],
  );
  const lanes = useMemo<ShiftLane[]>(
    () =>
      timelineLanes(answer?.shifts ?? []).map((lane) => ({
        key: lane.resource_id,
        name: lane.resource_fullname,
        colorKey: lane.resource_id,
        bars: lane.shifts.map((shift): ShiftBar => {
          const start = Date.parse(shift.start);
          const end = Date.parse(shift.end);
          return {
            key: `${shift.start}-${shift.source}`,
            start,
            end,
            text: shift.resource_fullname,
            description: rangeIn(zone, start, end),
            kind: shift.source === 'rotation' ? 'shift' : shift.source,
          };
        }),
      })),
    [answer, zone],
  );
  const gaps = useMemo(
    () =>
      (answer?.gaps ?? []).map((gap) => {
        const start = Date.parse(gap.start);
        const end = Date.parse(gap.end);
        return { key: gap.start, start, end, description: rangeIn(zone, start, end) };
      }),
    [answer, zone],
  );

  return (
    <div className="schedule-timeline">
      <div className="schedule-timeline__toolbar">
        <div className="schedule-timeline__views" role="group" aria-label={t('Period shown')}>
          {TIMELINE_VIEWS.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={view === option ? 'primary' : 'secondary'}
              aria-pressed={view === option}
              onClick={() => send({ type: 'VIEW', view: option })}
            >
              {t(VIEW_TEXT[option].name)}
            </Button>
          ))}
        </div>
        <div className="schedule-timeline__moves" role="group" aria-label={t('Move in time')}>
          <Button
            size="sm"
            icon={<Icon name="chevron-left" size={16} />}
            aria-label={t(VIEW_TEXT[view].previous)}
            onClick={() => send({ type: 'PREVIOUS' })}
          />
          <Button size="sm" onClick={() => send({ type: 'TODAY', now: calls.now() })}>
            {t('Today')}
          </Button>
          <Button
            size="sm"
            icon={<Icon name="chevron-right" size={16} />}
            aria-label={t(VIEW_TEXT[view].next)}
            onClick={() => send({ type: 'NEXT' })}
          />
        </div>
        <h3 className="schedule-timeline__title" aria-live="polite">
          {title}
        </h3>
      </div>
      {state.matches('failed') ? (
        <Alert variant="error" title={t(SCHEDULE_SCREEN_TEXTS.shiftsFailed)}>
          <Button variant="link" onClick={() => send({ type: 'RELOAD' })}>
            {t('Reload')}
          </Button>
        </Alert>
      ) : state.matches('loading') ? (
        <div className="schedule-timeline__loading">
          <Spinner label={t('Loading shifts')} />
        </div>
      ) : (
        <ShiftTimeline
          label={t('Shifts, {period}', { period: title })}
          from={period.from}
          to={period.to}
          days={days}
          lanes={lanes}
          gaps={gaps}
          gapText={t(SCHEDULE_SCREEN_TEXTS.nobodyOnCall)}
          now={now}
          barAction={
            onTake
              ? {
                  // a shift over is not taken any more
                  label: (lane, bar) =>
                    bar.end > now
                      ? t('Take this shift: {name}, {when}', { name: lane.name, when: bar.description })
                      : null,
                  onSelect: (lane, bar) => onTake({ start: bar.start, end: bar.end, resource_fullname: lane.name }),
                }
              : undefined
          }
        />
      )}
    </div>
  );
}
