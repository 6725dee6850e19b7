import { addOverride, deleteOverride, rotateScheduleCalendar, updateSchedule } from '@relevo/api';
import {
  DAY_MS,
  SCHEDULE_SCREEN_TEXTS,
  activeFlagStatus,
  dateIn,
  mayCall,
  nextHourRange,
  overrideFormFor,
  resourceOfUser,
  type OnCallAnswer,
  type OverrideFormValues,
  type Schedule,
} from '@relevo/domain';
import { Alert, Button, Card, PageHeader, PageSpinner, StatusBadge, toast } from '@relevo/ui';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { t } from '../../shell/i18n';
import { useLoaded } from '../../shell/loaded';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { CalendarFeedSection } from './CalendarFeedSection';
import { OverridesSection } from './OverridesSection';
import { RotationsSection } from './RotationsSection';
import { liveScheduleCalls } from './schedule-calls';
import { SCHEDULES_PATH } from './schedule-paths';
import { dayTime, gapWarning, rangeIn } from './schedule-texts';
import { ScheduleTimeline } from './ScheduleTimeline';
import { TemporarySchedulesSection } from './TemporarySchedulesSection';
import './schedules.css';

// the override window loads when it opens, not with the page
const OverrideModal = lazy(() => import('./OverrideModal').then(({ OverrideModal }) => ({ default: OverrideModal })));

/** The route's schedule id, or null when the path does not hold one. */
function useScheduleId(): number | null {
  const { schedule_id: raw } = useParams();
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

type OverrideDialog = { title: string; description?: string; initial: OverrideFormValues } | null;
type ZoneChoice = 'schedule' | 'mine';

/** docs/product.md#schedules: who is on call now, and until when (or when someone next is). */
function OnCallSummary({ schedule, onCall, zone }: { schedule: Schedule; onCall: OnCallAnswer; zone: string }) {
  const until = onCall.until ? ` ${t('until {time}', { time: dayTime(zone, Date.parse(onCall.until)) })}` : null;
  const status = activeFlagStatus(schedule.schedule_active);
  return (
    <dl className="schedule-page__facts">
      <div>
        <dt>{t('On call now')}</dt>
        <dd>
          {onCall.resource ? (
            <>
              <strong>{onCall.resource.resource_fullname}</strong>
              {onCall.source === 'override' ? <span className="overrides__badge">{t('Override')}</span> : null}
              {until}
            </>
          ) : (
            <>
              <strong>{t(SCHEDULE_SCREEN_TEXTS.nobodyOnCall)}</strong>
              {until}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('Time zone')}</dt>
        <dd>{schedule.time_zone}</dd>
      </div>
      <div>
        <dt>{t('Handoff notices')}</dt>
        <dd>{schedule.handoff_notices === 'Y' ? t('Sent at the start of each shift') : t('Off')}</dd>
      </div>
      <div>
        <dt>{t('Status')}</dt>
        <dd>
          <StatusBadge {...status} label={t(status.label)} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * A schedule's page (docs/product.md#schedules): who is on call now and until when, the timeline
 * of the week or the month (in the schedule's zone or the viewer's), the rotations, the temporary
 * schedules, the overrides with "Add override" and "Take this shift", and for a Customer Root the
 * calendar feed's address.
 */
export function SchedulePage() {
  const scheduleId = useScheduleId();
  const user = useSignedInUser();
  const role = user.role.rol_id;
  const calls = useService('scheduleCalls', liveScheduleCalls);
  const navigate = useNavigate();
  const goBack = useCallback(() => navigate(SCHEDULES_PATH), [navigate]);
  const may = {
    edit: mayCall(role, updateSchedule),
    addOverride: mayCall(role, addOverride),
    removeOverride: mayCall(role, deleteOverride),
    rotateCalendar: mayCall(role, rotateScheduleCalendar),
  };

  // read again after each change: the rotations, who is on call and the shifts all follow it
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((n) => n + 1), []);
  const load = useCallback(
    () =>
      scheduleId === null
        ? Promise.reject(new Error('No schedule in the address'))
        : Promise.all([calls.get(scheduleId), calls.onCall(scheduleId)]),
    [calls, scheduleId],
  );
  const loaded = useLoaded(load, version);
  const loadOverrides = useCallback(() => {
    if (scheduleId === null) return Promise.resolve([]);
    const now = calls.now();
    const range = { from: new Date(now).toISOString(), to: new Date(now + 365 * DAY_MS).toISOString() };
    return calls.overrides(scheduleId, range).then((answer) => answer.list);
  }, [calls, scheduleId]);
  const overrides = useLoaded(loadOverrides, version);
  const mayChoose = may.edit || may.addOverride;
  const loadResources = useCallback(() => calls.resources().then((answer) => answer.list), [calls]);
  const resources = useLoaded(mayChoose ? loadResources : undefined);
  const people = resources.state === 'loaded' ? resources.value : null;

  const viewerZone = useMemo(() => calls.viewerZone(), [calls]);
  const [zoneChoice, setZoneChoice] = useState<ZoneChoice>('schedule');
  const [dialog, setDialog] = useState<OverrideDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  // stable: the window tells its save once, on the render it saved in
  const overrideSaved = useCallback(() => {
    toast.success(t(SCHEDULE_SCREEN_TEXTS.overrideAdded));
    setDialog(null);
    changed();
  }, [changed]);

  if (loaded.state === 'failed') {
    return (
      <>
        <PageHeader title={t('Schedule')} actions={<Button onClick={goBack}>{t('Go back')}</Button>} />
        <Alert variant="error" title={t(SCHEDULE_SCREEN_TEXTS.loadFailed)}>
          <Button variant="link" onClick={changed}>
            {t('Reload')}
          </Button>
        </Alert>
      </>
    );
  }
  if (loaded.state === 'loading' || scheduleId === null) return <PageSpinner label={t('Loading the schedule')} />;

  const [schedule, onCall] = loaded.value;
  const scheduleZone = schedule.time_zone;
  const zone = zoneChoice === 'mine' ? viewerZone : scheduleZone;
  const warning = gapWarning(schedule);
  const ownResource = people ? resourceOfUser(people, user.email) : null;

  const addOverrideDialog = () =>
    setDialog({
      title: t('Add override'),
      initial: overrideFormFor(scheduleZone, nextHourRange(calls.now()), ownResource?.resource_id ?? null),
    });
  const takeShift = (shift: { start: number; end: number; resource_fullname: string }) =>
    setDialog({
      title: t('Take this shift'),
      description: t('{name} is on call {when}. Change the times to take only part of it.', {
        name: shift.resource_fullname,
        when: rangeIn(scheduleZone, shift.start, shift.end),
      }),
      initial: overrideFormFor(scheduleZone, shift, ownResource?.resource_id ?? null),
    });

  return (
    <>
      <PageHeader
        title={schedule.schedule_name}
        description={schedule.schedule_desc || undefined}
        actions={<Button onClick={goBack}>{t('Go back')}</Button>}
      />
      <OnCallSummary schedule={schedule} onCall={onCall} zone={zone} />
      {warning ? (
        <Alert variant="warning" className="schedule-page__warning">
          {t('{warning}: the next 14 days have a stretch nobody covers.', { warning })}
        </Alert>
      ) : null}
      <Card
        title={t('Timeline')}
        className="schedule-page__section"
        actions={
          viewerZone !== scheduleZone ? (
            <fieldset className="schedule-page__zones">
              <legend>{t('Show times in')}</legend>
              {(
                [
                  ['schedule', t('Schedule zone ({zone})', { zone: scheduleZone })],
                  ['mine', t('My zone ({zone})', { zone: viewerZone })],
                ] as const
              ).map(([value, text]) => (
                <label key={value} className="schedule-page__zone">
                  <input
                    type="radio"
                    name="zone"
                    value={value}
                    checked={zoneChoice === value}
                    onChange={() => setZoneChoice(value)}
                  />
                  {text}
                </label>
              ))}
            </fieldset>
          ) : null
        }
      >
        <ScheduleTimeline
          scheduleId={schedule.schedule_id}
          zone={zone}
          calls={calls}
          version={version}
          onTake={may.addOverride ? takeShift : undefined}
        />
      </Card>
      <RotationsSection
        schedule={schedule}
        canEdit={may.edit}
        resources={people}
        today={dateIn(scheduleZone, calls.now())}
        calls={calls}
        onChanged={changed}
      />
      <TemporarySchedulesSection
        schedule={schedule}
        now={calls.now()}
        canEdit={may.edit}
        resources={people}
        viewerZone={viewerZone}
        calls={calls}
        onChanged={changed}
      />
      <OverridesSection
        scheduleId={schedule.schedule_id}
        overrides={overrides}
        zone={zone}
        canAdd={may.addOverride}
        canRemove={may.removeOverride}
        onAdd={addOverrideDialog}
        calls={calls}
        onChanged={changed}
      />
      {may.rotateCalendar && schedule.calendar_url ? (
        <CalendarFeedSection scheduleId={schedule.schedule_id} address={schedule.calendar_url} calls={calls} />
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <OverrideModal
            schedule={schedule}
            title={dialog.title}
            description={dialog.description}
            initial={dialog.initial}
            resources={people}
            viewerZone={viewerZone}
            calls={calls}
            onClose={closeDialog}
            onSaved={overrideSaved}
          />
        </Suspense>
      ) : null}
    </>
  );
}
