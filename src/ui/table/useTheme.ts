import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../colors';

// The shell owns the theme as `data-theme` on <html>; components that compute colours in script
// (signature swatches) follow it by watching that attribute rather than taking a prop.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function snapshot(): ThemeName {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function useTheme(): ThemeName {
  return useSyncExternalStore(subscribe, snapshot, () => 'light');
}
