// Runs the document checks off the page's thread, so typing never waits on them. One request at a time; the page
// sends only the newest document and drops answers to older ones. The worker keeps the document it checked last,
// so the page can send only what changed since.
import type { AdcDocument } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { applyPatches } from './doc-patch.js';
import type { ValidationReply, ValidationRequest } from './protocol.js';

const scope = self as unknown as { onmessage: ((e: MessageEvent<ValidationRequest>) => void) | null; postMessage(m: ValidationReply): void };

let base: AdcDocument | null = null;

scope.onmessage = (e) => {
  const m = e.data;
  try {
    if ('doc' in m) base = m.doc;
    else if (base) base = applyPatches(base, m.patches) as AdcDocument;
    else throw new Error('changes came before a document');
    scope.postMessage({ seq: m.seq, ok: true, problems: validateDocument(base) });
  } catch (err) {
    // The page sends the whole document after a failure, so what this worker holds no longer matters.
    base = null;
    scope.postMessage({ seq: m.seq, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
