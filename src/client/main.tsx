import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConfigProvider, loadConfig } from './app/config-context';
import { AppRoutes } from './app/router';
import { refreshSession } from './app/session';
import './styles/global.css';

// What the first paint waits for starts now, side by side: the college's configuration and the
// session (index.html preloads both answers; the server names the page's chunks there too).
void loadConfig();
void refreshSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ConfigProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  </StrictMode>,
);
