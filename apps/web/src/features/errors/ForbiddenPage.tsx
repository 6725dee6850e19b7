import { MESSAGES } from '@relevo/domain';
import { Button } from '@relevo/ui';
import { useNavigate } from 'react-router';
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';

/** docs/product.md#layout: the 403 page, in Spanish with its exact texts (in the usted form for a Spanish reader). */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <PublicPage title={t(MESSAGES.forbiddenTitle)} lang="es">
      <p>{t(MESSAGES.forbiddenText)}</p>
      {/* back to the start: Login when signed out, the user's home otherwise */}
      <Button variant="primary" onClick={() => navigate('/', { replace: true })}>
        {t(MESSAGES.forbiddenBack)}
      </Button>
    </PublicPage>
  );
}
