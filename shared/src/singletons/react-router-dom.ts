// What the site uses of react-router-dom, provided as the `react-router-dom` singleton instead of the whole
// package (webpack.common.js; see ./antd.ts for why): about 14 KB gzip instead of 66, the data router left
// out (ADR 012 addendum). From 'react-router', which react-router-dom re-exports, because importing
// 'react-router-dom' here would consume this very module. A name missing here fails
// shell/server/webpack-singletons.test.ts.

export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
