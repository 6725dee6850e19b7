import { Card, PageHeader } from '@relevo/ui';

/** A layout screen whose issue is not built yet: its title and a plain note, no sample data. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <p>This screen is coming soon.</p>
      </Card>
    </>
  );
}
