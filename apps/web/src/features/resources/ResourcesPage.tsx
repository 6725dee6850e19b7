import {
  addResource,
  deleteResource,
  resourceCalendar,
  rotateResourceCalendar,
  sendResourceTest,
  updateResource,
} from '@relevo/api';
import {
  MESSAGES,
  copiedToClipboard,
  mayCall,
  resourcePhoneShown,
  resourceQuotaRefusal,
  type Resource,
} from '@relevo/domain';
import { Alert, Icon, IconButton, type DataTableColumn } from '@relevo/ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';
import { useLoaded } from '../../shell/loaded';
import { RecordListScreen, useRecordList, type RecordListSpec } from '../../shell/record-list';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { NextShiftCell, NextShiftsProvider, usePageShifts } from './NextShiftCell';
import { liveResourceCalls } from './resource-calls';
import { liveResourceOnCallCalls } from './resource-on-call-calls';
import { liveResourceTestCalls } from './resource-test-calls';
import { ResourceModal } from './ResourceModal';
import { TestSendModal } from './TestSendModal';
import './ResourcesPage.css';

// a resource's calendar feed opens on a click: its window loads then, not with the list
const CalendarFeedModal = lazy(() =>
  import('./CalendarFeedModal').then(({ CalendarFeedModal }) => ({ default: CalendarFeedModal })),
);

/** A phone cell: the number with its country code; a click copies it (docs/product.md#resources). */
function PhoneCell({ national, country }: { national: string | null; country: string | null }) {
  const shown = resourcePhoneShown(national, country);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="resources__phone"
      title={t('Copy')}
      onClick={() => void copyToClipboard(shown, t(copiedToClipboard(shown)))}
    >
      {shown}
    </button>
  );
}

/** The list's columns, in the reader's language (built while rendering). */
const resourceColumns = (): DataTableColumn<Resource>[] => [
  { id: 'resource_fullname', header: t('Name'), cell: (row) => row.resource_fullname, sortable: true },
  { id: 'resource_email', header: t('Email'), cell: (row) => row.resource_email ?? '', sortable: true },
  { id: 'language', header: t('Language'), cell: (row) => row.language.language_desc, sortable: true, width: '8rem' },
  {
    id: 'resource_phone1',
    header: t('Main Phone'),
    cell: (row) => <PhoneCell national={row.resource_phone1} country={row.resource_country_phone1} />,
    sortable: true,
  },
  {
    id: 'resource_phone2',
    header: t('Secondary Phone'),
    cell: (row) => <PhoneCell national={row.resource_phone2} country={row.resource_country_phone2} />,
    sortable: true,
  },
  // docs/product.md#schedules: the resource's next shift in any active schedule, read for the whole page at once
  { id: 'next_shift', header: t('Next Shift'), cell: (row) => <NextShiftCell resourceId={row.resource_id} /> },
  ...statusAndChangeColumns('resource'),
];

// a resource that is a step of an escalation is refused with a 409 naming the escalations; the
// spec's texts are in the reader's language, so the screen makes it once when it opens (a change of
// language draws the whole app again)
const resourcesSpec = (): RecordListSpec<Resource> => ({
  endpoints: { add: addResource, update: updateResource, remove: deleteResource },
  table: { title: t('Resources'), columns: resourceColumns(), emptyText: t(MESSAGES.emptyResources) },
  texts: ['resourceCreated', 'resourceUpdated', 'resourceDeleted', 'confirmDeleteResource'],
  // docs/product.md#constants-and-limits: resources are listed by resource_fullname ascending
  row: { id: 'resource_id', name: 'resource_fullname', listedBy: 'name' },
});

/**
 * docs/product.md#resources: the people the escalations contact. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, docs/product.md#roles-and-permissions). The quota check runs on
 * open and after each save or delete: at the quota the warning shows and Create is disabled. Each row
 * shows its next shift (docs/product.md#schedules) and opens its calendar feed (docs/product.md#calendar-feeds).
 */
export function ResourcesPage() {
  const calls = useService('resourceCalls', liveResourceCalls);
  const [round, setRound] = useState(0);
  const limit = useLoaded(calls.limit, round);
  const changed = useCallback(() => setRound((count) => count + 1), []);
  const [spec] = useState(resourcesSpec);
  const records = useRecordList(spec, calls, { changed });
  const { close, saved } = records.screen;
  const testCalls = useService('resourceTestCalls', liveResourceTestCalls);
  const onCallCalls = useService('resourceOnCallCalls', liveResourceOnCallCalls);
  const role = useSignedInUser().role.rol_id;
  const mayTest = mayCall(role, sendResourceTest);
  const mayReadFeed = mayCall(role, resourceCalendar);
  const [testing, setTesting] = useState<Resource | null>(null);
  const [feedOf, setFeedOf] = useState<Resource | null>(null);
  const pageShifts = usePageShifts(onCallCalls, records.list.rows);
  const { rowButtons } = records;
  // docs/product.md#send-a-test: a test SMS and call to the row's phones; docs/product.md#calendar-feeds: the
  // resource's calendar feed; both beside Edit and Delete
  const rowActions = useCallback(
    (row: Resource) => (
      <span className="resources__row-actions">
        {mayReadFeed ? (
          <IconButton
            size="sm"
            label={t('Calendar feed of {name}', { name: row.resource_fullname })}
            icon={<Icon name="clock" size={16} />}
            onClick={() => setFeedOf(row)}
          />
        ) : null}
        {mayTest ? (
          <IconButton
            size="sm"
            label={t('Send a test to {name}', { name: row.resource_fullname })}
            icon={<Icon name="send" size={16} />}
            onClick={() => setTesting(row)}
          />
        ) : null}
        {rowButtons(row)}
      </span>
    ),
    [rowButtons, mayReadFeed, mayTest],
  );

  // the server's own rule and words: the same refusal it answers to one more resource
  const quotaRefusal = limit.state === 'loaded' ? resourceQuotaRefusal(limit.value) : null;
  return (
    <NextShiftsProvider value={pageShifts}>
      <RecordListScreen
        records={records}
        rowActions={mayTest || mayReadFeed ? rowActions : undefined}
        notice={
          quotaRefusal && records.may.create ? (
            <Alert variant="warning" className="resources__quota">
              {t(quotaRefusal)}
            </Alert>
          ) : null
        }
        createDisabled={limit.state === 'loading' || quotaRefusal !== null}
        modal={(row) => <ResourceModal resource={row} calls={calls} onClose={close} onSaved={saved} />}
      />
      {testing ? <TestSendModal resource={testing} calls={testCalls} onClose={() => setTesting(null)} /> : null}
      <Suspense fallback={null}>
        {feedOf ? (
          <CalendarFeedModal
            resource={feedOf}
            calls={onCallCalls}
            mayRotate={mayCall(role, rotateResourceCalendar)}
            onClose={() => setFeedOf(null)}
          />
        ) : null}
      </Suspense>
    </NextShiftsProvider>
  );
}
