// Where JSON text first breaks the grammar. JSON.parse finds the error but, for some mistakes (a misspelt `true`, a
// stray word), names no position; this scan exists only to say "line 12, column 9" for those. It is called after
// JSON.parse has already failed, so it never runs on a good file.

const WS = new Set([0x20, 0x0a, 0x0d, 0x09]);

/** The offset of the first character that cannot continue valid JSON, or of the end if the text stops short. */
export function syntaxErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  // Each returns false at the offending character, leaving `i` on it.
  const literal = (word: string): boolean => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) return false;
    return true;
  };
  const string = (): boolean => {
    i++; // the opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) return i++, true;
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return (i += 2), false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return i++, false;
      } else i++;
    }
    return false;
  };
  const digits = (): boolean => {
    const start = i;
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    return i > start;
  };
  const number = (): boolean => {
    if (text[i] === '-') i++;
    if (text[i] === '0') {
      i++;
      if (text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) return false;
    } else if (!digits()) return false;
    if (text[i] === '.') {
      i++;
      if (!digits()) return false;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!digits()) return false;
    }
    return true;
  };
  const key = (): boolean => {
    ws();
    if (text[i] !== '"' || !string()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };

  // A loop over an explicit stack of open containers, so a deeply nested hostile file cannot overflow the stack.
  const open: ('{' | '[')[] = [];
  let wantValue = true;
  for (;;) {
    ws();
    if (wantValue) {
      const c = text[i];
      if (c === '{' || c === '[') {
        open.push(c);
        i++;
        ws();
        if (text[i] === (c === '{' ? '}' : ']')) {
          open.pop();
          i++;
          wantValue = false;
        } else if (c === '{' && !key()) return i;
        continue;
      }
      const ok =
        c === '"' ? string() : c === 't' ? literal('true') : c === 'f' ? literal('false') : c === 'n' ? literal('null') : c === '-' || (c !== undefined && c >= '0' && c <= '9') ? number() : false;
      if (!ok) return i;
      wantValue = false;
      continue;
    }
    if (!open.length) return i;
    const top = open.at(-1)!;
    if (text[i] === (top === '{' ? '}' : ']')) {
      open.pop();
      i++;
      continue;
    }
    if (text[i] !== ',') return i;
    i++;
    if (top === '{' && !key()) return i;
    wantValue = true;
  }
}
