// Court systems send UTF-8 or, on older CM/ECF servers, Windows-1252 without saying so reliably: bytes
// that are valid UTF-8 are read as such, anything else as Windows-1252 (which every byte decodes in).
const utf8 = new TextDecoder("utf-8", { fatal: true });
const windows1252 = new TextDecoder("windows-1252");

export function decodePage(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}
