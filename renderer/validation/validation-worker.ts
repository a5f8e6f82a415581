// Runs the document checks off the page's thread, so typing never waits on them. One request at a time; the page
// sends only the newest document and drops answers to older ones.
import { validateDocument } from '../../domain/validate.js';
import type { ValidationReply, ValidationRequest } from './protocol.js';

const scope = self as unknown as { onmessage: ((e: MessageEvent<ValidationRequest>) => void) | null; postMessage(m: ValidationReply): void };

scope.onmessage = (e) => {
  const { seq, doc } = e.data;
  try {
    scope.postMessage({ seq, ok: true, problems: validateDocument(doc) });
  } catch (err) {
    scope.postMessage({ seq, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
