import { resetSession, setSession } from '@battledeck/shared/testing';
import EditPage from '../features/editor/components/edit-page';
import { renderRoute } from './render-route';

/**
 * For the editor's page tests: the owner of the fixtures' station (owl_owner) is signed in for each test, and
 * jsdom, which has no object URLs, gets stand-ins for the picked photos' previews.
 */
export function signInAsStationOwner() {
  beforeAll(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  });
  beforeEach(() => setSession({ signedInAs: 'owl_owner', getIdToken: async () => 'token' }));
  afterEach(() => resetSession());
}

/** The edit page of the fixtures' station 7 (or `route`), mounted as the shell mounts it. */
export const renderEditPage = (route = '/battlestations/7/edit') => renderRoute(<EditPage />, { path: '/battlestations/:stationId/edit', route });
