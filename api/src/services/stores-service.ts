import { ADMIN_MESSAGES, type Store, type StoreBody, type StoreOption, type StoresListResponse, type storesQuery } from '@battledeck/shared/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { conflict, notFound } from '../errors';
import {
  countStores,
  deleteStore as deleteStoreRow,
  findStoreClashes,
  insertStore,
  listStoreOptions,
  listStores,
  updateStore as updateStoreRow,
} from '../repositories/stores-repository';

export async function getStoreCount(db: Database): Promise<{ total: number }> {
  return { total: await countStores(db) };
}

export async function getStores(db: Database, query: z.output<typeof storesQuery>): Promise<StoresListResponse> {
  const [stores, total] = await Promise.all([
    listStores(db, {
      sortBy: query.sortBy,
      direction: query.direction,
      limit: query.resultsPerPage,
      offset: (query.pageNumber - 1) * query.resultsPerPage,
      searchTerm: query.searchTerm,
    }),
    countStores(db, query.searchTerm),
  ]);
  return { stores, total };
}

export async function getStoreOptions(db: Database): Promise<StoreOption[]> {
  return listStoreOptions(db);
}

/** Two stores with one name (in any case) or one address would show twice in every part's store list. */
async function refuseClashes(db: Database, body: StoreBody, exceptId?: number): Promise<void> {
  const clash = await findStoreClashes(db, body, exceptId);
  if (clash.name) throw conflict(ADMIN_MESSAGES.storeNameTaken);
  if (clash.url) throw conflict(ADMIN_MESSAGES.storeUrlTaken);
}

export async function createStore(db: Database, body: StoreBody): Promise<Store> {
  return db.transaction(async (tx) => {
    await refuseClashes(tx, body);
    return insertStore(tx, body);
  });
}

export async function updateStore(db: Database, storeId: number, body: StoreBody): Promise<Store> {
  return db.transaction(async (tx) => {
    await refuseClashes(tx, body, storeId);
    const store = await updateStoreRow(tx, storeId, body);
    if (!store) throw notFound(ADMIN_MESSAGES.storeNotFound);
    return store;
  });
}

/** Deletes a store and, through the cascade, its part links (the parts themselves stay). */
export async function deleteStore(db: Database, storeId: number): Promise<void> {
  if (!(await deleteStoreRow(db, storeId))) throw notFound(ADMIN_MESSAGES.storeNotFound);
}
