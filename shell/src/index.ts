// The federation runtime has just started in this task; the app's chunks are asked for in the next ones, so
// the page's start is no single long task (ADR 012, "The shell's start in slices").
setTimeout(() => {
  // Async boundary: shared singletons are negotiated by the federation runtime before the app starts.
  import('./bootstrap');
  setTimeout(() => {
    // Meanwhile the page's remote starts loading (a remote's page otherwise waits for the shell to render first).
    import('./remotes/early-load').then(
      (early) => early.preloadRouteRemote(window.location.pathname),
      () => {},
    );
  }, 0);
}, 0);
