import { usePageTitle } from '@battledeck/shared/ui';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </div>
  );
}
