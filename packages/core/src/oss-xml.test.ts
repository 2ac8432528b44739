import { describe, expect, it } from 'vitest';
import { parseXml, XmlError, xmlChildren, xmlChildText, xmlDocument } from './oss-xml';

describe('xmlDocument', () => {
  it('writes the declaration, elements in order, arrays repeated, text escaped, empty values left out', () => {
    expect(
      xmlDocument('ListPartsResult', {
        Key: 'a&b<c>.png',
        IsTruncated: false,
        Missing: undefined,
        Part: [
          { PartNumber: 1, ETag: '"e1"' },
          { PartNumber: 2, ETag: '"e2"' },
        ],
      }),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Key>a&amp;b&lt;c&gt;.png</Key>' +
        '<IsTruncated>false</IsTruncated><Part><PartNumber>1</PartNumber><ETag>"e1"</ETag></Part>' +
        '<Part><PartNumber>2</PartNumber><ETag>"e2"</ETag></Part></ListPartsResult>',
    );
  });
});

describe('parseXml', () => {
  it("reads ali-oss's CompleteMultipartUpload body", () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>\n<Part>\n<PartNumber>1</PartNumber>\n' +
        '<ETag>"A1"</ETag>\n</Part>\n<Part>\n<PartNumber>2</PartNumber>\n<ETag>&quot;B2&quot;</ETag>\n</Part>\n</CompleteMultipartUpload>',
    );
    expect(root.name).toBe('CompleteMultipartUpload');
    expect(
      xmlChildren(root, 'Part').map((p) => [xmlChildText(p, 'PartNumber'), xmlChildText(p, 'ETag')]),
    ).toEqual([
      ['1', '"A1"'],
      ['2', '"B2"'],
    ]);
  });

  it('decodes entities and CDATA, skips comments and attributes', () => {
    const root = parseXml(
      '<a xmlns="x"><!-- c --><b>&lt;&#65;&#x42;&apos;</b><c><![CDATA[<raw>]]></c><d/></a>',
    );
    expect(xmlChildText(root, 'b')).toBe("<AB'");
    expect(xmlChildText(root, 'c')).toBe('<raw>');
    expect(xmlChildren(root, 'd')).toHaveLength(1);
  });

  it('refuses what is not one well-formed document', () => {
    for (const text of [
      '',
      'plain text',
      '{"parts":[]}',
      '<a><b></a>',
      '<a>',
      '<a></a><b></b>',
      '<a>&unknown;</a>',
      '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
    ]) {
      expect(() => parseXml(text), text).toThrow(XmlError);
    }
  });

  it('refuses nesting deeper than the limit, saying so', () => {
    const deep = `${'<a>'.repeat(33)}${'</a>'.repeat(33)}`;
    expect(() => parseXml(deep)).toThrow(expect.objectContaining({ tooDeep: true }));
    expect(parseXml(`${'<a>'.repeat(32)}${'</a>'.repeat(32)}`).name).toBe('a');
  });
});
