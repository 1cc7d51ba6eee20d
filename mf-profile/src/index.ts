// Standalone dev page: an async boundary, then the remote mounts itself with a minimal host.
import('./standalone');
