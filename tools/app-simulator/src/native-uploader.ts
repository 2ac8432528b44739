import type { NativeTokens } from '@h5/bridge/protocol';
import { createUploader, fetchTransport, type KeyValueStorage } from '@h5/upload';
import type { ServerApi } from './server-api';
import { type GeneratedPicture, pngSize } from './sheets/generated-picture';
import type { UploadedPicture } from './sheets/publish';

/** The app's upload identity: the same app id as the page's, its own monitor name. */
const NATIVE_UPLOAD_CONFIG = {
  appId: 'community-h5',
  gateway: 'app',
  gatewayKey: 'x-auth-token',
  strictPictureApp: true,
  monitorName: 'community-app',
  monitorEnv: 'simulator',
} as const;
/** Where the native publisher's pictures are stored, as the web publisher's are. */
const PUBLISH_FOLDER = 'publish';

const memoryStorage = (): KeyValueStorage => {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
};

/**
 * Uploads a picture from Node as the app's own uploader would: the upload SDK over the app
 * gateway (the session's x-auth-token), fetch to the storage host.
 */
export function createNativeUploader(api: ServerApi, baseURL: string) {
  return async (picture: GeneratedPicture, tokens: NativeTokens): Promise<UploadedPicture> => {
    const uploader = createUploader(
      { ...NATIVE_UPLOAD_CONFIG, gatewayValue: tokens.xAuthToken, monitorUser: 'native' },
      {
        api: (endpoint, input) => api(endpoint, input, { tokens }),
        storage: { local: memoryStorage(), session: memoryStorage() },
        cookie: () => '',
        // The storage host answers paths of the site (`/oss/…`); Node's fetch needs them whole.
        transport: (request) => fetchTransport({ ...request, url: new URL(request.url, baseURL).href }),
        readImageSize: async (blob) => pngSize(new Uint8Array(await blob.arrayBuffer())),
      },
    );
    const file = new File([picture.bytes], picture.name, { type: 'image/png' });
    const { cdn, fileKey } = await uploader.upload(file, { folder: PUBLISH_FOLDER });
    return { key: fileKey, url: cdn, width: picture.width, height: picture.height };
  };
}
