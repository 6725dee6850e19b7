import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration as KyselyMigration } from 'kysely/migration';
import { foundation } from './migrations/0001_foundation';
import { peopleSearch } from './migrations/0002_people_search';
import { peopleSearchText } from './migrations/0003_people_search_text';
import { jobLayer } from './migrations/0004_job_layer';
import { leastPrivilege } from './migrations/0005_least_privilege';
import { catalogue } from './migrations/0006_catalogue';
import { moduleCredentials } from './migrations/0007_module_credentials';
import { incidents } from './migrations/0008_incidents';
import { inbound } from './migrations/0009_inbound';
import { eventAudio } from './migrations/0010_event_audio';
import { throttle } from './migrations/0011_throttle';
import { dashboard } from './migrations/0012_dashboard';
import { eventFollowing } from './migrations/0013_event_following';
import { eventOrders } from './migrations/0014_event_orders';
import { eventSearch } from './migrations/0015_event_search';
import { eventCountChanges } from './migrations/0016_event_count_changes';
import { eventSubjectCounts } from './migrations/0017_event_subject_counts';
import { subjectSearchAndVacuum } from './migrations/0018_subject_search_and_vacuum';
import { smsResetPhone } from './migrations/0019_sms_reset_phone';
import { deliveryProviders } from './migrations/0020_delivery_providers';
import { eventActions } from './migrations/0021_event_actions';
import { teamChat } from './migrations/0022_team_chat';
import { push } from './migrations/0023_push';
import { chatSteps } from './migrations/0024_chat_steps';
import { schedules } from './migrations/0025_schedules';
import { maintenanceWindows } from './migrations/0026_maintenance_windows';
import { heartbeats } from './migrations/0027_heartbeats';
import { inboundEmail } from './migrations/0028_inbound_email';
import { webhooks } from './migrations/0029_webhooks';
import { apiTokens } from './migrations/0030_api_tokens';
import { auditTrail } from './migrations/0031_audit_trail';
import { singleSignOn } from './migrations/0032_single_sign_on';
import { imports } from './migrations/0033_imports';
import { userLanguage } from './migrations/0034_user_language';
import type { Migration } from './migration';
import { applyPrivileges } from './privileges';

/** In order; never edit one that has landed, add the next. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_people_search': peopleSearch,
  '0003_people_search_text': peopleSearchText,
  '0004_job_layer': jobLayer,
  '0005_least_privilege': leastPrivilege,
  '0006_catalogue': catalogue,
  '0007_module_credentials': moduleCredentials,
  '0008_incidents': incidents,
  '0009_inbound': inbound,
  '0010_event_audio': eventAudio,
  '0011_throttle': throttle,
  '0012_dashboard': dashboard,
  '0013_event_following': eventFollowing,
  '0014_event_orders': eventOrders,
  '0015_event_search': eventSearch,
  '0016_event_count_changes': eventCountChanges,
  '0017_event_subject_counts': eventSubjectCounts,
  '0018_subject_search_and_vacuum': subjectSearchAndVacuum,
  '0019_sms_reset_phone': smsResetPhone,
  '0020_delivery_providers': deliveryProviders,
  '0021_event_actions': eventActions,
  '0022_team_chat': teamChat,
  '0023_push': push,
  '0024_chat_steps': chatSteps,
  '0025_schedules': schedules,
  '0026_maintenance_windows': maintenanceWindows,
  '0027_heartbeats': heartbeats,
  '0028_inbound_email': inboundEmail,
  '0029_webhooks': webhooks,
  '0030_api_tokens': apiTokens,
  '0031_audit_trail': auditTrail,
  '0032_single_sign_on': singleSignOn,
  '0033_imports': imports,
  '0034_user_language': userLanguage,
};

function toKysely(migration: Migration): KyselyMigration {
  return {
    async up(db) {
      for (const statement of migration.up) await sql.raw(statement).execute(db);
    },
  };
}

/** Brings the schema to the latest migration and sets the app roles' grants (db/privileges.ts); safe to run concurrently. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, toKysely(m)])),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await applyPrivileges(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
