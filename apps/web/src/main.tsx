import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStore } from './app/store';
import { createI18n } from './i18n/i18n';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App store={createStore()} i18n={createI18n()} />
  </StrictMode>,
);
