/** The page's entry: Trusted Types first, then the theme, then the app mounted in #root. */
// First: the Trusted Types policy must exist before any module makes a worker.
import './ui/shell/trustedTypes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appStore } from './state/appStore';
import { App } from './ui/App';
import { primeSignatureColors } from './ui/colors';

// Set the theme before the first paint, so canvas components read the right colours at once.
document.documentElement.dataset['theme'] = appStore.getState().theme;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  primeSignatureColors();
}
