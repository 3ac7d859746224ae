/**
 * Pure: the sections of an INI file as Python's configparser reads pytest.ini, tox.ini and
 * setup.cfg: `[section]` headers, `key = value` or `key: value`, values continued on indented lines,
 * `#` and `;` comment lines. Keys are lowercased, as configparser does.
 */
export function readIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let section: Map<string, string> | undefined;
  let key: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(raw) || raw.trim() === '') {
      if (raw.trim() === '') key = undefined;
      continue;
    }
    const header = /^\[([^\]]+)\]\s*$/.exec(raw);
    if (header) {
      section = new Map();
      sections.set(header[1]!.trim(), section);
      key = undefined;
      continue;
    }
    if (/^\s/.test(raw) && key !== undefined && section) {
      section.set(key, `${section.get(key)}\n${raw.trim()}`);
      continue;
    }
    const pair = /^([^=:]+)[=:](.*)$/.exec(raw);
    if (!pair || !section) continue;
    key = pair[1]!.trim().toLowerCase();
    section.set(key, pair[2]!.trim());
  }
  return sections;
}

/** An INI list value: words split on whitespace and newlines (pytest's `args` and `linelist` types). */
export function iniList(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(/\s+/).filter((w) => w.length > 0);
}
