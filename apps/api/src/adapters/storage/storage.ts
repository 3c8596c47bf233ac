/** Where media (artwork, mockups, avatars) live: local files by default, S3-compatible when configured. */
export interface MediaStorage {
  /** Stores bytes under a key like `designs/{uuid}/artwork.png`, replacing any previous object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes and content type, or undefined when absent. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}
