import '@relevo/ui/theme.css';
import { Toaster } from '@relevo/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { installErrorReporter } from './shell/report-error';
import { SessionProvider } from './shell/session';

installErrorReporter();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
    <Toaster />
  </StrictMode>,
);
