import sharp from 'sharp';
import { createPart, createUser, bearer, type TestUser } from '../helpers/factories';
import { multipart, photo, testJpeg } from '../helpers/upload';
import { startCluster, type Cluster } from './helpers/cluster';
import { reportFigures } from './helpers/load';

let cluster: Cluster;
let owner: TestUser;

beforeAll(async () => {
  cluster = await startCluster({ label: 'images' });
  owner = await createUser(cluster.control);
});
afterAll(() => cluster?.stop());

const thumbOf = (name: string) => name.replace(/(\.[a-z0-9]+)$/, '_thumb$1');

describe('images with S3 storage behind two instances', () => {
  it('serve a station created through instance A, photos included, from instance B and the bucket', async () => {
    const part = await createPart(cluster.control);
    const body = multipart({ name: 'Made on A', is_public: 'true', added_parts: [part.part_id] }, [
      photo(await testJpeg(3, 1200, 800), 'front.jpg'),
      photo(await testJpeg(5, 900, 900), 'side.jpg'),
    ]);
    const created = await fetch(`${cluster.a.url}/api/battlestations/`, {
      method: 'POST',
      headers: { ...body.headers, ...bearer(owner) },
      body: new Uint8Array(body.payload),
    });
    expect(created.status).toBe(201);
    const { newId } = (await created.json()) as { newId: number };

    const started = Date.now();
    const onB = await fetch(`${cluster.b.url}/api/battlestations/id/${newId}`);
    expect(onB.status).toBe(200);
    const station = (await onB.json()) as { name: string; images: string[] };
    expect(station.name).toBe('Made on A');
    expect(station.images).toHaveLength(2);

    // Browsers fetch photos from IMAGE_BASE_URL (the bucket, or a CDN in front of it), never from an instance.
    for (const name of station.images.flatMap((n) => [n, thumbOf(n)])) {
      const image = await fetch(`${cluster.imageBaseUrl}/battlestations/${name}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeGreaterThan(0);
    }
    const [front] = station.images;
    expect((await sharp(Buffer.from(await (await fetch(`${cluster.imageBaseUrl}/battlestations/${front}`)).arrayBuffer())).metadata()).width).toBe(1200);
    expect((await sharp(Buffer.from(await (await fetch(`${cluster.imageBaseUrl}/battlestations/${thumbOf(front)}`)).arrayBuffer())).metadata()).width).toBe(640);
    // No instance keeps files of its own: with STORAGE=s3 neither serves /images.
    expect((await fetch(`${cluster.b.url}/images/battlestations/${front}`)).status).toBe(404);
    expect((await fetch(`${cluster.a.url}/images/battlestations/${front}`)).status).toBe(404);
    reportFigures('station created on A, read on B', { detailAndFourImagesMs: Date.now() - started });
  });

  it('let instance B delete what instance A created, removing its photos from the bucket', async () => {
    const part = await createPart(cluster.control);
    const body = multipart({ name: 'Short-lived', is_public: 'true', added_parts: [part.part_id] }, [photo(await testJpeg(7), 'one.jpg')]);
    const created = await fetch(`${cluster.a.url}/api/battlestations/`, { method: 'POST', headers: { ...body.headers, ...bearer(owner) }, body: new Uint8Array(body.payload) });
    expect(created.status).toBe(201);
    const { newId } = (await created.json()) as { newId: number };
    const { images } = (await (await fetch(`${cluster.a.url}/api/battlestations/id/${newId}`)).json()) as { images: string[] };

    const removed = await fetch(`${cluster.b.url}/api/battlestations/id/${newId}`, { method: 'DELETE', headers: bearer(owner) });
    expect(removed.status).toBeLessThan(300);
    expect((await fetch(`${cluster.a.url}/api/battlestations/id/${newId}`)).status).toBe(404);
    for (const name of [images[0], thumbOf(images[0])]) {
      expect((await fetch(`${cluster.imageBaseUrl}/battlestations/${name}`)).status).toBe(404);
    }
  });
});
