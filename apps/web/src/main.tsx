import '@relevo/ui/theme.css';
import { Toaster } from '@relevo/ui';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routes } from './routes';
import { AppRoutes } from './shell/app-routes';
import { activateLanguage } from './shell/i18n';
import { LanguageRoot, startLanguage } from './shell/language';
import { installErrorReporter } from './shell/report-error';
import { SessionProvider, startSessionRead } from './shell/session';

installErrorReporter();
// the session's answer is on its way while the first screen is drawn
startSessionRead();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// the first screen opens in the language it will keep (Spanish's catalog is its own chunk)
void activateLanguage(startLanguage()).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <SessionProvider>
          <LanguageRoot>
            <BrowserRouter>
              <AppRoutes routes={routes} />
            </BrowserRouter>
          </LanguageRoot>
        </SessionProvider>
        <Toaster />
      </StrictMode>,
    ),
  ),
);
