import { Card, PageHeader } from '@relevo/ui';
import { t } from '../../shell/i18n';

/** A layout screen whose issue is not built yet: its title (in the reader's language) and a plain note, no sample data. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <p>{t('This screen is coming soon.')}</p>
      </Card>
    </>
  );
}
