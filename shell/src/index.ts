// The federation runtime has just started in this task; the app's chunks are asked for in the next ones (timers
// run in the order set, each in a task of its own), so the page's start is no single long task (ADR 012).
// Async boundary: shared singletons are negotiated by the federation runtime before the app starts.
setTimeout(() => import('./bootstrap'), 0);
// Meanwhile the page's remote starts loading (a remote's page otherwise waits for the shell to render first).
setTimeout(
  () =>
    import('./remotes/early-load').then(
      (early) => early.preloadRouteRemote(window.location.pathname),
      () => {},
    ),
  0,
);
