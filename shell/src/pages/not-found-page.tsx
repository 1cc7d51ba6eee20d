import { usePageTitle } from '@battledeck/shared/ui';
import { Link } from 'react-router-dom';

export const NOT_FOUND_TITLE = 'Page not found';

/** Any address the route table does not know: a 404 from the server too (src/ssr/render.tsx). */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <div className="page">
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </div>
  );
}
