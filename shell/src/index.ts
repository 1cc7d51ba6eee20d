// Async boundary: shared singletons are negotiated by the federation runtime before the app starts.
import('./bootstrap');
// Meanwhile the page's remote starts loading (a remote's page otherwise waits for the shell to render first).
import('./remotes/early-load').then(
  (early) => early.preloadRouteRemote(window.location.pathname),
  () => {},
);
