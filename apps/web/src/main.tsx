import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { registerServiceWorker } from './pwa/register';
import { App } from './router';
import { keepFocusOnDisabledControls } from './util/focus';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

keepFocusOnDisabledControls();
registerServiceWorker();
