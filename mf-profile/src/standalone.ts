import { mountStandalone } from '@battledeck/shared/standalone';
import App from './app';

mountStandalone(App, '/profile');
