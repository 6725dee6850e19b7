import { MESSAGES } from '@relevo/domain';
import { Button } from '@relevo/ui';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../shell/PublicPage';

/** docs/product.md#layout: the 403 page, in Spanish with its exact texts. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <PublicPage title={MESSAGES.forbiddenTitle} lang="es">
      <p>{MESSAGES.forbiddenText}</p>
      {/* back to the start: Login when signed out, the user's home otherwise */}
      <Button variant="primary" onClick={() => navigate('/', { replace: true })}>
        {MESSAGES.forbiddenBack}
      </Button>
    </PublicPage>
  );
}
