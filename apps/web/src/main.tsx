import '@relevo/ui/theme.css';
import { Toaster } from '@relevo/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routes } from './routes';
import { AppRoutes } from './shell/app-routes';
import { installErrorReporter } from './shell/report-error';
import { SessionProvider } from './shell/session';

installErrorReporter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </SessionProvider>
    <Toaster />
  </StrictMode>,
);
