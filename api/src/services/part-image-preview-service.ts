import type { ImagePreviewResponse } from '@battledeck/shared/contract';
import { contentTypeOfExtension } from '../images/image-names';
import { processImage } from '../images/image-pipeline';
import { importImageUrl } from '../images/import-image-url';
import type { ServiceDeps } from './service-deps';

/**
 * The part form's preview of an image URL: fetched under the import rules (public addresses only, time
 * limit, 4 MB), decoded by the same pipeline a save uses, answered as its thumbnail in a data: URL. Nothing
 * is stored; a URL refused here would be refused by the save too, with the same message.
 */
export async function previewImageUrl(deps: Pick<ServiceDeps, 'config'>, imageUrl: string): Promise<ImagePreviewResponse> {
  const image = await processImage(await importImageUrl(imageUrl, deps.config.imageImport));
  return {
    src: `data:${contentTypeOfExtension(image.ext)};base64,${image.thumb.buffer.toString('base64')}`,
    width: image.thumb.width,
    height: image.thumb.height,
  };
}
